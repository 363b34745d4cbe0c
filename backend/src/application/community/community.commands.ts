import { Command } from '@nestjs/cqrs';
import type { LikeTarget } from '../../domain/like/like.decider';
import type { Actor } from '../../domain/shared/event';
import type { CommentView } from './post-views';

/**
 * The eight fields of a rating result, as the browser sends them back (never trusted), and the
 * publish key the upload answered (absent only for ratings recorded before it existed).
 */
export interface PublishedRatingClaim {
  publishKey?: string;
  imageUrl: string;
  imageHash: string;
  averageRating: number;
  toeAlignment: number;
  toeNails: number;
  footShape: number;
  aesthetic: number;
  aiComment: string;
}

export class PublishRatingCommand extends Command<{ id: string }> {
  constructor(
    readonly userId: string,
    readonly claim: PublishedRatingClaim,
    readonly correlationId: string,
  ) {
    super();
  }
}

export class PublishDirectCommand extends Command<{ id: string }> {
  constructor(
    readonly userId: string,
    readonly image: Buffer,
    readonly correlationId: string,
  ) {
    super();
  }
}

export class DeletePostCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly postId: string,
    readonly correlationId: string,
  ) {
    super();
  }
}

export interface LikeOutcome {
  liked: boolean;
  likesCount: number;
}

export class SetLikeCommand extends Command<LikeOutcome> {
  constructor(
    readonly userId: string,
    readonly target: LikeTarget,
    readonly targetId: string,
    readonly liked: boolean,
    readonly correlationId: string,
  ) {
    super();
  }
}

export class PostCommentCommand extends Command<CommentView> {
  constructor(
    readonly userId: string,
    readonly postId: string,
    readonly text: string,
    readonly parentCommentId: string | null,
    readonly correlationId: string,
  ) {
    super();
  }
}

export class DeleteCommentCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly commentId: string,
    readonly correlationId: string,
  ) {
    super();
  }
}

export interface RatingOutcome {
  averageRating: number | null;
  voteCount: number;
}

export class RatePostCommand extends Command<RatingOutcome> {
  constructor(
    readonly userId: string,
    readonly postId: string,
    readonly score: number,
    readonly correlationId: string,
  ) {
    super();
  }
}

export class ReportPostCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly postId: string,
    readonly reason: string,
    readonly correlationId: string,
  ) {
    super();
  }
}

export function userActor(userId: string): Actor {
  return { type: 'user', id: userId };
}
