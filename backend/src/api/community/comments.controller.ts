import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  UseGuards,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { UserSession } from '../../application/accounts/account-reads';
import {
  DeleteCommentCommand,
  RatePostCommand,
} from '../../application/community/community.commands';
import { OptionalSession, OptionalUserSessionGuard } from '../auth/user-session.guard';
import { RatePostDto } from './community.dto';
import { likedBy, setLike } from './likes';
import { signedIn, verifiedMember } from './member-access';
import { ratingText } from './post.view';

/** Comments by id (deleting, liking) and community ratings. */
@Controller('api')
@UseGuards(OptionalUserSessionGuard)
export class CommentsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Delete('comments/:id')
  async deleteComment(
    @Param('id') id: string,
    @OptionalSession() session: UserSession | null,
  ): Promise<{ success: true }> {
    const { userId } = signedIn(session);
    await this.commandBus.execute(new DeleteCommentCommand(userId, id, randomUUID()));
    return { success: true };
  }

  @Get('comments/:id/like')
  @Header('Cache-Control', 'no-store')
  async liked(
    @Param('id') id: string,
    @OptionalSession() session: UserSession | null,
  ): Promise<{ liked: boolean }> {
    return likedBy(this.queryBus, session, 'comment', id);
  }

  @Post('comments/:id/like')
  @HttpCode(200)
  async like(@Param('id') id: string, @OptionalSession() session: UserSession | null) {
    return setLike(this.commandBus, session, 'comment', id, true);
  }

  @Delete('comments/:id/like')
  async unlike(@Param('id') id: string, @OptionalSession() session: UserSession | null) {
    return setLike(this.commandBus, session, 'comment', id, false);
  }

  @Post('ratings/submit')
  async rate(@Body() body: RatePostDto, @OptionalSession() session: UserSession | null) {
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
