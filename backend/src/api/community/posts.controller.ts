import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig } from '../../config/config';
import { CLOCK, type Clock } from '../../application/shared/clock';
import { newRatingCountsFrom } from '../../domain/post-rating/vote-standing';
import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  UploadedFile,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiCreatedResponse,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { UserSession } from '../../application/accounts/account-reads';
import { DeletePostCommand } from '../../application/community/delete-post/delete-post.command';
import { GetCommentsQuery } from '../../application/community/get-comments/get-comments.query';
import { GetPostQuery } from '../../application/community/get-post/get-post.query';
import { GetPostsByQuery } from '../../application/community/get-posts-by/get-posts-by.query';
import { GetUserRatingQuery } from '../../application/community/get-user-rating/get-user-rating.query';
import { PostCommentCommand } from '../../application/community/post-comment/post-comment.command';
import { PublishDirectCommand } from '../../application/community/publish-direct/publish-direct.command';
import { PublishRatingCommand } from '../../application/community/publish-rating/publish-rating.command';
import { ReportPostCommand } from '../../application/community/report-post/report-post.command';
import { NotAnImageError } from '../../application/ports/image-processor.port';
import {
  CurrentSession,
  OptionalUserSession,
  SignedIn,
  VerifiedAccount,
  VerifiedMember,
} from '../auth/session.guard';
import { clientOrigin } from '../auth/client-origin';
import { SessionCookies } from '../auth/session-cookies';
import { CLIENT_IDENTITY, type ClientIdentity } from '../shared/client-identity';
import { ImageUpload } from '../upload/image-upload';
import { POSTING_SUSPENDED_REFUSAL, PostingAllowed } from './posting-allowed';
import { RepeatableWriteLimit } from '../shared/write-limits';
import { IdResponse, ImageUploadBody, Refusals, SuccessResponse } from '../shared/openapi';
import { BOARD_PAGE_HEADERS, BoardAnswers, sendBoardAnswer } from './board-answers';
import { generalBoardAnswer } from './board-reads';
import {
  BoardQueryDto,
  CommentDto,
  PageQueryDto,
  PublishRatingDto,
  ReportDto,
} from './community.dto';
import { LikedResponse, UserRatingResponse } from './engagement.view';
import { likedBy, LikeRoutes, setLike } from './likes';
import { DIRECT_POST_SIGN_IN } from '../auth/member-actions';
import {
  CommentResponse,
  OwnPostResponse,
  PostPageResponse,
  PostResponse,
  LIKED_BY_NOBODY,
  toCommentResponse,
  toOwnPostResponse,
  toPostResponse,
} from './post.view';
import { RequestId } from '../shared/request-id';
import { sendThread, THREAD_PAGE_HEADERS, threadPageLink } from './thread-answers';

/** Posts: publishing, the general board, a post's page, its likes, comments and reports. */
@Controller('api')
export class PostsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly boards: BoardAnswers,
    private readonly cookies: SessionCookies,
    @Inject(CLIENT_IDENTITY) private readonly identity: ClientIdentity,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Where a publish or a like comes from (the vote rules compare keyed marks of it). */
  private origin(request: Request) {
    return clientOrigin(request, this.identity, this.cookies);
  }

  @ApiOperation({
    summary: 'Publish an uploaded photo’s rating as a post',
    description:
      'Send back the eight fields and the `publishKey` the upload answered. The server publishes its own record of that rating (found by the image); the scores sent must agree with it, and only the uploader, who alone got the key, can publish it.',
  })
  @SignedIn()
  @ApiCreatedResponse({ type: IdResponse, description: 'The new post’s id' })
  @Refusals({
    400: 'A field is missing or malformed, or the scores differ from the server’s rating',
    401: 'Not signed in',
    403: `The publish key is missing or not the one this upload answered. ${POSTING_SUSPENDED_REFUSAL}`,
    404: 'No rating of that image (or it expired)',
    409: 'That rating is already published, or you have a post of this photo already (“You have already posted this photo”)',
  })
  @Post('posts/publish')
  @PostingAllowed()
  async publish(
    @Body() body: PublishRatingDto,
    @CurrentSession() session: UserSession,
    @RequestId() requestId: string,
    @Req() request: Request,
  ): Promise<{ id: string }> {
    const { userId } = session;
    return this.commandBus.execute(
      new PublishRatingCommand(userId, body, requestId, this.origin(request)),
    );
  }

  @ApiOperation({ summary: 'Post a photo without an AI rating' })
  @VerifiedAccount(DIRECT_POST_SIGN_IN)
  @ImageUploadBody('image', 'A JPEG, PNG, WebP or AVIF photo of feet, at most 10 MB')
  @ApiCreatedResponse({ type: IdResponse, description: 'The new post’s id' })
  @Refusals({
    400: 'No image, or not an image',
    401: 'Not signed in',
    403: `The email is not verified yet. ${POSTING_SUSPENDED_REFUSAL}`,
    409: 'You have a post of this photo already (“You have already posted this photo”)',
    413: 'The image is over 10 MB',
    422: 'The content check refused the photo',
    429: 'Upload allowance of this address used up for this hour',
    503: 'The content check is unavailable',
  })
  @Post('posts/publish-direct')
  @PostingAllowed()
  // Signed in first, then the upload allowance (decoding and the content check cost CPU and
  // money), and only then is the body read.
  @ImageUpload('image')
  async publishDirect(
    @UploadedFile() file: Express.Multer.File | undefined,
    @CurrentSession() session: UserSession,
    @RequestId() requestId: string,
    @Req() request: Request,
  ): Promise<{ id: string }> {
    const { userId } = session;
    if (!file || file.size === 0) throw new NotAnImageError();
    return this.commandBus.execute(
      new PublishDirectCommand(userId, file.buffer, requestId, this.origin(request)),
    );
  }

  @ApiOperation({
    summary: 'The general board: a page of public posts',
    description:
      'Boosted posts come first. Pages are keyset pages: follow the `Link` header for the next one.',
  })
  @ApiOkResponse({ type: PostResponse, isArray: true, headers: BOARD_PAGE_HEADERS })
  @ApiNotModifiedResponse({ description: 'The page is unchanged since the `If-None-Match` ETag' })
  @Refusals({ 400: 'A query parameter out of range, or a cursor that is not ours' })
  @Get('posts')
  async board(@Query() query: BoardQueryDto, @Res() response: Response): Promise<void> {
    sendBoardAnswer(response, await generalBoardAnswer(this.boards, this.queryBus, query));
  }

  @ApiOperation({ summary: 'A post' })
  @OptionalUserSession()
  @ApiOkResponse({ type: PostPageResponse })
  @Refusals({ 404: 'Post not found' })
  @Get('posts/:id')
  async post(
    @Param('id') id: string,
    @CurrentSession() session: UserSession | null,
  ): Promise<PostPageResponse> {
    return toPostResponse(
      await this.queryBus.execute(new GetPostQuery(id, session?.userId ?? null)),
    );
  }

  @ApiOperation({ summary: 'The signed-in user’s posts, newest first' })
  @SignedIn()
  @ApiOkResponse({ type: OwnPostResponse, isArray: true })
  @Refusals({ 401: 'Not signed in' })
  @Get('user/posts')
  @Header('Cache-Control', 'no-store')
  async ownPosts(@CurrentSession() session: UserSession): Promise<OwnPostResponse[]> {
    const { userId } = session;
    const posts = await this.queryBus.execute(new GetPostsByQuery(userId, false));
    return posts.map(toOwnPostResponse);
  }

  @ApiOperation({ summary: 'Delete one of the signed-in user’s posts' })
  @SignedIn()
  @ApiOkResponse({ type: SuccessResponse })
  @Refusals({ 401: 'Not signed in', 403: 'Not the author’s post', 404: 'Post not found' })
  @Delete('user/posts/:id')
  async deletePost(
    @Param('id') id: string,
    @CurrentSession() session: UserSession,
    @RequestId() requestId: string,
  ): Promise<{ success: true }> {
    const { userId } = session;
    await this.commandBus.execute(new DeletePostCommand(userId, id, requestId));
    return { success: true };
  }

  @LikeRoutes.liked('post')
  @OptionalUserSession()
  async liked(
    @Param('id') id: string,
    @CurrentSession() session: UserSession | null,
  ): Promise<LikedResponse> {
    return likedBy(this.queryBus, session, 'post', id);
  }

  @LikeRoutes.set('post', true)
  @VerifiedMember('likePost')
  async like(
    @Param('id') id: string,
    @CurrentSession() session: UserSession,
    @RequestId() requestId: string,
    @Req() request: Request,
  ) {
    return setLike(this.commandBus, session, requestId, 'post', id, true, this.origin(request));
  }

  @LikeRoutes.set('post', false)
  @VerifiedMember('likePost')
  async unlike(
    @Param('id') id: string,
    @CurrentSession() session: UserSession,
    @RequestId() requestId: string,
  ) {
    return setLike(this.commandBus, session, requestId, 'post', id, false);
  }

  @ApiOperation({
    summary: 'A page of a post’s comments: top level oldest first, replies nested',
    description:
      'Pages are keyset pages of top-level comments, each with all its replies: follow the `Link` header for the next one.',
  })
  @OptionalUserSession()
  @ApiOkResponse({ type: CommentResponse, isArray: true, headers: THREAD_PAGE_HEADERS })
  @Refusals({
    400: 'A query parameter out of range, or a cursor that is not ours',
    404: 'Post not found',
  })
  @Get('posts/:id/comments')
  async comments(
    @Param('id') id: string,
    @Query() query: PageQueryDto,
    @CurrentSession() session: UserSession | null,
    @Res() response: Response,
  ): Promise<void> {
    const page = { limit: query.limit, cursor: query.cursor };
    const thread = await this.queryBus.execute(
      new GetCommentsQuery(id, session?.userId ?? null, page),
    );
    const link = threadPageLink(id, query.limit, thread.nextCursor);
    if (link) response.setHeader('Link', link);
    sendThread(response, thread);
  }

  @ApiOperation({ summary: 'Comment on a post, or reply to a comment' })
  @VerifiedMember((body) => (body.parentCommentId ? 'reply' : 'comment'))
  @ApiCreatedResponse({ type: CommentResponse })
  @Refusals({
    400: 'The text is empty or too long, or the filter refused it (offensive words, a link from an account under 7 days old, the same text on another post today)',
    401: 'Not signed in ("Please sign up to comment on posts")',
    403: `The email is not verified yet. ${POSTING_SUSPENDED_REFUSAL}`,
    404: 'Post or parent comment not found',
    429: 'Too many comments from this account or address (Retry-After says when to try again)',
  })
  @Post('posts/:id/comments')
  @PostingAllowed()
  @RepeatableWriteLimit('comments')
  async comment(
    @Param('id') id: string,
    @Body() body: CommentDto,
    @CurrentSession() session: UserSession,
    @RequestId() requestId: string,
  ): Promise<CommentResponse> {
    const parentCommentId = body.parentCommentId ?? null;
    const { userId } = session;
    const view = await this.commandBus.execute(
      new PostCommentCommand(userId, id, body.text, parentCommentId, requestId),
    );
    return toCommentResponse(view, LIKED_BY_NOBODY);
  }

  @ApiOperation({ summary: 'The signed-in user’s own rating of the post (null when none)' })
  @OptionalUserSession()
  @ApiOkResponse({ type: UserRatingResponse })
  @Refusals({ 404: 'Post not found (asked only with a session)' })
  @Get('posts/:id/user-rating')
  @Header('Cache-Control', 'no-store')
  async userRating(
    @Param('id') id: string,
    @CurrentSession() session: UserSession | null,
  ): Promise<UserRatingResponse> {
    if (!session) return { rating: null, countsFrom: null, newRatingCountsFrom: null };
    const own = await this.queryBus.execute(new GetUserRatingQuery(id, session.userId));
    const waitMs = this.config.voteWaitHours * 60 * 60 * 1000;
    return {
      rating: own?.score ?? null,
      countsFrom: own?.countsFrom ?? null,
      newRatingCountsFrom: own
        ? null
        : newRatingCountsFrom(session.user.createdAt, waitMs, this.clock.now()),
    };
  }

  @ApiOperation({
    summary: 'Report a post to the moderators',
    description:
      'With a category and optional words. Only reports from accounts in good standing count towards hiding the post before a moderator looks (see docs/trust-and-safety.md).',
  })
  @VerifiedMember('report')
  @ApiCreatedResponse({ type: SuccessResponse })
  @Refusals({
    400: 'The category is not one of the list, the reason is too long, or neither a category nor a reason was given',
    401: 'Not signed in',
    403: 'The email is not verified yet, or it is the user’s own post',
    404: 'Post not found',
    409: 'This user’s earlier report of the post is still pending',
    429: 'Too many reports from this account or address (Retry-After says when to try again)',
  })
  @Post('posts/:id/report')
  @RepeatableWriteLimit('reports')
  async report(
    @Param('id') id: string,
    @Body() body: ReportDto,
    @CurrentSession() session: UserSession,
    @RequestId() requestId: string,
  ): Promise<{ success: true }> {
    const { userId } = session;
    const { category, reason } = body;
    await this.commandBus.execute(
      new ReportPostCommand(userId, id, category ?? null, reason ?? '', requestId),
    );
    return { success: true };
  }
}
