import { Body, Controller, Delete, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import type { UserSession } from '../../application/accounts/account-reads';
import { DeleteCommentCommand } from '../../application/community/delete-comment/delete-comment.command';
import { RatePostCommand } from '../../application/community/rate-post/rate-post.command';
import {
  CurrentSession,
  OptionalUserSession,
  SignedIn,
  VerifiedMember,
} from '../auth/session.guard';
import { clientOrigin } from '../auth/client-origin';
import { SessionCookies } from '../auth/session-cookies';
import { CLIENT_IDENTITY, type ClientIdentity } from '../shared/client-identity';
import { RatePostDto } from './community.dto';
import { Refusals, SuccessResponse } from '../shared/openapi';
import { LikedResponse, RatingSubmittedResponse } from './engagement.view';
import { likedBy, LikeRoutes, setLike } from './likes';
import { ratingText } from './post.view';
import { POSTING_SUSPENDED_REFUSAL, PostingAllowed } from './posting-allowed';
import { RepeatableWriteLimit } from '../shared/write-limits';
import { RequestId } from '../shared/request-id';

/** Comments by id (deleting, liking) and community ratings. */
@Controller('api')
export class CommentsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly cookies: SessionCookies,
    @Inject(CLIENT_IDENTITY) private readonly identity: ClientIdentity,
  ) {}

  @ApiOperation({ summary: 'Delete one of the signed-in user’s comments, with its replies' })
  @SignedIn()
  @ApiOkResponse({ type: SuccessResponse })
  @Refusals({ 401: 'Not signed in', 403: 'Not the author’s comment', 404: 'Comment not found' })
  @Delete('comments/:id')
  async deleteComment(
    @Param('id') id: string,
    @CurrentSession() session: UserSession,
    @RequestId() requestId: string,
  ): Promise<{ success: true }> {
    const { userId } = session;
    await this.commandBus.execute(new DeleteCommentCommand(userId, id, requestId));
    return { success: true };
  }

  @LikeRoutes.liked('comment')
  @OptionalUserSession()
  async liked(
    @Param('id') id: string,
    @CurrentSession() session: UserSession | null,
  ): Promise<LikedResponse> {
    return likedBy(this.queryBus, session, 'comment', id);
  }

  @LikeRoutes.set('comment', true)
  @VerifiedMember('likeComment')
  async like(
    @Param('id') id: string,
    @CurrentSession() session: UserSession,
    @RequestId() requestId: string,
  ) {
    return setLike(this.commandBus, session, requestId, 'comment', id, true);
  }

  @LikeRoutes.set('comment', false)
  @VerifiedMember('likeComment')
  async unlike(
    @Param('id') id: string,
    @CurrentSession() session: UserSession,
    @RequestId() requestId: string,
  ) {
    return setLike(this.commandBus, session, requestId, 'comment', id, false);
  }

  @ApiOperation({ summary: 'Rate another user’s post, once' })
  @VerifiedMember('rate')
  @ApiCreatedResponse({ type: RatingSubmittedResponse })
  @Refusals({
    400: 'The score is not a whole number from 0 to 10',
    401: 'Not signed in ("Please sign up to rate posts")',
    403: `The email is not verified yet, or it is the user’s own post. ${POSTING_SUSPENDED_REFUSAL}`,
    404: 'Post not found',
    409: 'The user has already rated this post',
    429: 'Too many ratings from this account or address (Retry-After says when to try again)',
  })
  @Post('ratings/submit')
  @PostingAllowed()
  @RepeatableWriteLimit('ratings')
  async rate(
    @Body() body: RatePostDto,
    @CurrentSession() session: UserSession,
    @RequestId() requestId: string,
    @Req() request: Request,
  ): Promise<RatingSubmittedResponse> {
    const { userId } = session;
    // Where the rating comes from: the vote rules compare it with the author's.
    const origin = clientOrigin(request, this.identity, this.cookies);
    const outcome = await this.commandBus.execute(
      new RatePostCommand(userId, body.postId, body.overallScore, requestId, origin),
    );
    return {
      success: true,
      averageRating: ratingText(outcome.averageRating),
      voteCount: outcome.voteCount,
      countsFrom: outcome.countsFrom,
      message: outcome.message,
    };
  }
}
