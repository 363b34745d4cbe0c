import { Body, Controller, Delete, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import type { UserSession } from '../../application/accounts/account-reads';
import { DeleteCommentCommand } from '../../application/community/delete-comment/delete-comment.command';
import { RatePostCommand } from '../../application/community/rate-post/rate-post.command';
import { OptionalSession, OptionalUserSessionGuard } from '../auth/user-session.guard';
import { RatePostDto } from './community.dto';
import {
  Refusals,
  SuccessResponse,
  UserSessionOptional,
  UserSessionRequired,
} from '../shared/openapi';
import { LikedResponse, RatingSubmittedResponse } from './engagement.view';
import { likedBy, LikeRoutes, setLike } from './likes';
import { signedIn, verifiedMember } from './member-access';
import { ratingText } from './post.view';
import { RepeatableWriteLimit } from '../shared/write-limits';

/** Comments by id (deleting, liking) and community ratings. */
@Controller('api')
@UseGuards(OptionalUserSessionGuard)
export class CommentsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @ApiOperation({ summary: 'Delete one of the signed-in user’s comments, with its replies' })
  @UserSessionRequired()
  @ApiOkResponse({ type: SuccessResponse })
  @Refusals({ 401: 'Not signed in', 403: 'Not the author’s comment', 404: 'Comment not found' })
  @Delete('comments/:id')
  async deleteComment(
    @Param('id') id: string,
    @OptionalSession() session: UserSession | null,
  ): Promise<{ success: true }> {
    const { userId } = signedIn(session);
    await this.commandBus.execute(new DeleteCommentCommand(userId, id, randomUUID()));
    return { success: true };
  }

  @LikeRoutes.liked('comment')
  @UserSessionOptional()
  async liked(
    @Param('id') id: string,
    @OptionalSession() session: UserSession | null,
  ): Promise<LikedResponse> {
    return likedBy(this.queryBus, session, 'comment', id);
  }

  @LikeRoutes.set('comment', true)
  @UserSessionRequired()
  async like(@Param('id') id: string, @OptionalSession() session: UserSession | null) {
    return setLike(this.commandBus, session, 'comment', id, true);
  }

  @LikeRoutes.set('comment', false)
  @UserSessionRequired()
  async unlike(@Param('id') id: string, @OptionalSession() session: UserSession | null) {
    return setLike(this.commandBus, session, 'comment', id, false);
  }

  @ApiOperation({ summary: 'Rate another user’s post, once' })
  @UserSessionRequired()
  @ApiCreatedResponse({ type: RatingSubmittedResponse })
  @Refusals({
    400: 'The score is not a whole number from 0 to 10',
    401: 'Not signed in ("Please sign up to rate posts")',
    403: 'The email is not verified yet, or it is the user’s own post',
    404: 'Post not found',
    409: 'The user has already rated this post',
    429: 'Too many ratings from this account or address (Retry-After says when to try again)',
  })
  @Post('ratings/submit')
  @RepeatableWriteLimit('ratings')
  async rate(
    @Body() body: RatePostDto,
    @OptionalSession() session: UserSession | null,
  ): Promise<RatingSubmittedResponse> {
    const { userId } = verifiedMember(session, 'rate');
    const outcome = await this.commandBus.execute(
      new RatePostCommand(userId, body.postId, body.overallScore, randomUUID()),
    );
    return {
      success: true,
      averageRating: ratingText(outcome.averageRating),
      voteCount: outcome.voteCount,
    };
  }
}
