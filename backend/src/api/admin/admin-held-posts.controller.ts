import { Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ListHeldPostsQuery } from '../../application/moderation/list-held-posts/list-held-posts.query';
import { Refusals } from '../shared/openapi';
import { ADMIN_ONLY, AdminApi } from './admin-api';
import { HeldPostPage, toHeldPost } from './admin-held-posts.view';
import { AdminPageQueryDto } from './admin-shared.dto';

/**
 * The "Held for review" queue. Its posts are approved (`PATCH posts/{id}` with
 * `{ isModerated: true }`, which makes them public) or removed (`DELETE posts/{id}`) through the
 * posts' own routes, audit-logged like every admin action.
 */
@AdminApi()
export class AdminHeldPostsController {
  constructor(private readonly queryBus: QueryBus) {}

  @ApiOperation({
    operationId: 'Admin_heldPosts',
    summary: 'Posts held for review, the longest waiting first, with the content check’s verdict',
  })
  @ApiOkResponse({ type: HeldPostPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A page is malformed' })
  @Get('held-posts')
  @Header('Cache-Control', 'no-store')
  async heldPosts(@Query() query: AdminPageQueryDto): Promise<HeldPostPage> {
    const page = await this.queryBus.execute(new ListHeldPostsQuery(query));
    return { ...page, items: page.items.map(toHeldPost) };
  }
}
