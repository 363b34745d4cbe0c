import { Body, Delete, Get, Header, HttpCode, Param, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { AdminSession } from '../../application/accounts/account-reads';
import { ListAdminCommentsQuery } from '../../application/moderation/list-admin-comments/list-admin-comments.query';
import { RemoveCommentCommand } from '../../application/moderation/remove-comment/remove-comment.command';
import { CurrentSession } from '../auth/session.guard';
import { Refusals, SuccessResponse } from '../shared/openapi';
import { actOf, ADMIN_ONLY, AdminApi } from './admin-api';
import { AdminCommentsQueryDto } from './admin-comments.dto';
import { AdminCommentPage, toAdminComment } from './admin-comments.view';
import { ReasonDto } from './admin-shared.dto';
import { RequestId } from '../shared/request-id';

/** Comments: searched, and deleted with a reason. */
@AdminApi()
export class AdminCommentsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @ApiOperation({
    operationId: 'Admin_comments',
    summary: 'Comments, newest first, searched and filtered',
  })
  @ApiOkResponse({ type: AdminCommentPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A filter or page is malformed' })
  @Get('comments')
  @Header('Cache-Control', 'no-store')
  async comments(@Query() query: AdminCommentsQueryDto): Promise<AdminCommentPage> {
    const page = await this.queryBus.execute(
      new ListAdminCommentsQuery(query.search, query.postId, query.authorId, query),
    );
    return { ...page, items: page.items.map(toAdminComment) };
  }

  @ApiOperation({
    operationId: 'Admin_removeComment',
    summary: 'Delete a comment (with its replies) with a reason',
  })
  @ApiOkResponse({ type: SuccessResponse })
  @Refusals({ ...ADMIN_ONLY, 400: 'No reason', 404: 'Comment not found' })
  @Delete('comments/:id')
  @HttpCode(200)
  async removeComment(
    @CurrentSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: ReasonDto,
    @RequestId() requestId: string,
  ): Promise<SuccessResponse> {
    await this.commandBus.execute(
      new RemoveCommentCommand(actOf(session, requestId), id, body.reason),
    );
    return { success: true };
  }
}
