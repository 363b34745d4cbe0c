import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Query,
  Res,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { memoryStorage } from 'multer';
import { randomUUID } from 'node:crypto';
import type { UserSession } from '../../application/accounts/account-reads';
import {
  DeletePostCommand,
  PostCommentCommand,
  PublishDirectCommand,
  PublishRatingCommand,
  ReportPostCommand,
} from '../../application/community/community.commands';
import {
  GetBoardQuery,
  GetCommentsQuery,
  GetPostQuery,
  GetPostsByQuery,
  GetUserRatingQuery,
} from '../../application/community/community.queries';
import { NotAnImageError } from '../../application/ports/image-processor.port';
import { OptionalSession, OptionalUserSessionGuard } from '../auth/user-session.guard';
import { MAX_UPLOAD_BYTES } from '../upload/upload.controller';
import { UploadRateLimitGuard } from '../upload/upload-rate-limit.guard';
import { BoardAnswers, sendBoardAnswer } from './board-answers';
import { BoardQueryDto, CommentDto, PublishRatingDto, ReportDto } from './community.dto';
import { likedBy, setLike } from './likes';
import { DIRECT_POST_SIGN_IN, signedIn, verifiedMember } from './member-access';
import { SignedInGuard } from './signed-in.guard';
import {
  type CommentResponse,
  type PostResponse,
  toCommentResponse,
  toOwnPostResponse,
  toPostResponse,
} from './post.view';

/** Posts: publishing, the general board, a post's page, its likes, comments and reports. */
@Controller('api')
@UseGuards(OptionalUserSessionGuard)
export class PostsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly boards: BoardAnswers,
  ) {}

  @Post('posts/publish')
  async publish(
    @Body() body: PublishRatingDto,
    @OptionalSession() session: UserSession | null,
  ): Promise<{ id: string }> {
    const { userId } = signedIn(session);
    return this.commandBus.execute(new PublishRatingCommand(userId, body, randomUUID()));
  }

  @Post('posts/publish-direct')
  // Signed in first, then the upload allowance (decoding and the content check cost CPU and
  // money), and only then is the body read.
  @UseGuards(new SignedInGuard(DIRECT_POST_SIGN_IN), UploadRateLimitGuard)
  @UseInterceptors(
    FileInterceptor('image', {
      storage: memoryStorage(),
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 },
    }),
  )
  async publishDirect(
    @UploadedFile() file: Express.Multer.File | undefined,
    @OptionalSession() session: UserSession | null,
  ): Promise<{ id: string }> {
    const { userId } = signedIn(session, DIRECT_POST_SIGN_IN);
    if (!file || file.size === 0) throw new NotAnImageError();
    return this.commandBus.execute(new PublishDirectCommand(userId, file.buffer, randomUUID()));
  }

  @Get('posts')
  async board(@Query() query: BoardQueryDto, @Res() response: Response): Promise<void> {
    const sort = query.sort ?? 'recent';
    const params = { sort, q: query.q, limit: query.limit, cursor: query.cursor };
    const answer = await this.boards.answer('/api/posts', params, () =>
      this.queryBus.execute(new GetBoardQuery(sort, query.q, query.limit, query.cursor)),
    );
    sendBoardAnswer(response, answer);
  }

  @Get('posts/:id')
  async post(
    @Param('id') id: string,
    @OptionalSession() session: UserSession | null,
  ): Promise<PostResponse> {
    return toPostResponse(
      await this.queryBus.execute(new GetPostQuery(id, session?.userId ?? null)),
    );
  }

  @Get('user/posts')
  @Header('Cache-Control', 'no-store')
  async ownPosts(@OptionalSession() session: UserSession | null) {
    const { userId } = signedIn(session);
    const posts = await this.queryBus.execute(new GetPostsByQuery(userId, false));
    return posts.map(toOwnPostResponse);
  }

  @Delete('user/posts/:id')
  async deletePost(
    @Param('id') id: string,
    @OptionalSession() session: UserSession | null,
  ): Promise<{ success: true }> {
    const { userId } = signedIn(session);
    await this.commandBus.execute(new DeletePostCommand(userId, id, randomUUID()));
    return { success: true };
  }

  @Get('posts/:id/like')
  @Header('Cache-Control', 'no-store')
  async liked(
    @Param('id') id: string,
    @OptionalSession() session: UserSession | null,
  ): Promise<{ liked: boolean }> {
    return likedBy(this.queryBus, session, 'post', id);
  }

  @Post('posts/:id/like')
  @HttpCode(200)
  async like(@Param('id') id: string, @OptionalSession() session: UserSession | null) {
    return setLike(this.commandBus, session, 'post', id, true);
  }

  @Delete('posts/:id/like')
  async unlike(@Param('id') id: string, @OptionalSession() session: UserSession | null) {
    return setLike(this.commandBus, session, 'post', id, false);
  }

  @Get('posts/:id/comments')
  async comments(
    @Param('id') id: string,
    @OptionalSession() session: UserSession | null,
  ): Promise<CommentResponse[]> {
    const threads = await this.queryBus.execute(new GetCommentsQuery(id, session?.userId ?? null));
    return threads.map(toCommentResponse);
  }

  @Post('posts/:id/comments')
  async comment(
    @Param('id') id: string,
    @Body() body: CommentDto,
    @OptionalSession() session: UserSession | null,
  ): Promise<CommentResponse> {
    const parentCommentId = body.parentCommentId ?? null;
    const { userId } = verifiedMember(session, parentCommentId ? 'reply' : 'comment');
    const view = await this.commandBus.execute(
      new PostCommentCommand(userId, id, body.text, parentCommentId, randomUUID()),
    );
    return toCommentResponse(view);
  }

  @Get('posts/:id/user-rating')
  @Header('Cache-Control', 'no-store')
  async userRating(
    @Param('id') id: string,
    @OptionalSession() session: UserSession | null,
  ): Promise<{ rating: number | null }> {
    if (!session) return { rating: null };
    return { rating: await this.queryBus.execute(new GetUserRatingQuery(id, session.userId)) };
  }

  @Post('posts/:id/report')
  async report(
    @Param('id') id: string,
    @Body() body: ReportDto,
    @OptionalSession() session: UserSession | null,
  ): Promise<{ success: true }> {
    const { userId } = verifiedMember(session, 'report');
    await this.commandBus.execute(new ReportPostCommand(userId, id, body.reason, randomUUID()));
    return { success: true };
  }
}
