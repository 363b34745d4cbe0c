import { Body, Delete, Get, Header, Param, Patch, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { AdminSession } from '../../application/accounts/account-reads';
import { ApprovePostCommand } from '../../application/moderation/approve-post/approve-post.command';
import { GetAdminPostQuery } from '../../application/moderation/get-admin-post/get-admin-post.query';
import { ListAdminPostsQuery } from '../../application/moderation/list-admin-posts/list-admin-posts.query';
import { RemovePostCommand } from '../../application/moderation/remove-post/remove-post.command';
import { SetPostVisibilityCommand } from '../../application/moderation/set-post-visibility/set-post-visibility.command';
import { ValidationError } from '../../domain/shared/errors';
import { CurrentSession } from '../auth/session.guard';
import { Refusals } from '../shared/openapi';
import { actOf, ADMIN_ONLY, AdminApi } from './admin-api';
import { AdminPostsQueryDto, PatchPostDto } from './admin-posts.dto';
import { AdminPostPage, AdminPostResponse, toAdminPost } from './admin-posts.view';
import { ReasonDto } from './admin-shared.dto';
import { RequestId } from '../shared/request-id';

/** Posts under review: approve, hide or show, remove. */
@AdminApi()
export class AdminPostsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  private async view(postId: string): Promise<AdminPostResponse> {
    return toAdminPost(await this.queryBus.execute(new GetAdminPostQuery(postId)));
  }

  @ApiOperation({ operationId: 'Admin_posts', summary: 'Posts, pending review first, filtered' })
  @ApiOkResponse({ type: AdminPostPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A filter or page is malformed' })
  @Get('posts')
  @Header('Cache-Control', 'no-store')
  async posts(@Query() query: AdminPostsQueryDto): Promise<AdminPostPage> {
    const page = await this.queryBus.execute(
      new ListAdminPostsQuery(query.filter, query.authorId, query),
    );
    return { ...page, items: page.items.map(toAdminPost) };
  }

  @ApiOperation({ operationId: 'Admin_post', summary: 'One post, whatever its state' })
  @ApiOkResponse({ type: AdminPostResponse })
  @Refusals({ ...ADMIN_ONLY, 404: 'Post not found' })
  @Get('posts/:id')
  @Header('Cache-Control', 'no-store')
  post(@Param('id') id: string): Promise<AdminPostResponse> {
    return this.view(id);
  }

  @ApiOperation({
    operationId: 'Admin_patchPost',
    summary:
      'Approve ({ isModerated: true }, only while unmoderated) or hide / show ({ isPublic })',
  })
  @ApiOkResponse({ type: AdminPostResponse })
  @Refusals({
    ...ADMIN_ONLY,
    400: 'Neither or both of isModerated and isPublic, or isModerated false',
    404: 'Post not found',
    409: 'Already approved',
  })
  @Patch('posts/:id')
  async patchPost(
    @CurrentSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: PatchPostDto,
    @RequestId() requestId: string,
  ): Promise<AdminPostResponse> {
    const approve = body.isModerated !== undefined;
    const visibility = body.isPublic !== undefined;
    if (approve === visibility) {
      throw new ValidationError('Send either isModerated or isPublic');
    }
    if (approve && body.isModerated !== true) {
      throw new ValidationError('An approval cannot be taken back: isModerated must be true');
    }
    await this.commandBus.execute(
      approve
        ? new ApprovePostCommand(actOf(session, requestId), id)
        : new SetPostVisibilityCommand(
            actOf(session, requestId),
            id,
            body.isPublic as boolean,
            body.reason ?? null,
          ),
    );
    return this.view(id);
  }

  @ApiOperation({
    operationId: 'Admin_removePost',
    summary: 'Remove a post for good, with a reason',
  })
  @ApiOkResponse({ type: AdminPostResponse })
  @Refusals({ ...ADMIN_ONLY, 400: 'No reason', 404: 'Post not found' })
  @Delete('posts/:id')
  async removePost(
    @CurrentSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: ReasonDto,
    @RequestId() requestId: string,
  ): Promise<AdminPostResponse> {
    await this.commandBus.execute(
      new RemovePostCommand(actOf(session, requestId), id, body.reason),
    );
    return this.view(id);
  }
}
