import { CommunityWrites } from './community-writes';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { likeDecider, likeStreamId } from '../../domain/like/like.decider';
import { postRatingDecider, voteStreamId } from '../../domain/post-rating/post-rating.decider';
import { reportDecider, reportStreamId } from '../../domain/report/report.decider';
import type { EventStore } from '../ports/event-store.port';
import { loadState } from '../shared/decider-runner';
import {
  type LikeOutcome,
  type RatingOutcome,
  RatePostCommand,
  ReportPostCommand,
  SetLikeCommand,
} from './community.commands';
import { PostReads } from './post-reads';
import { AutoHide } from './auto-hide';

/** Likes and unlikes a post or a comment; both are idempotent (see the like decider). */
@CommandHandler(SetLikeCommand)
export class SetLikeHandler implements ICommandHandler<SetLikeCommand, LikeOutcome> {
  constructor(
    private readonly writes: CommunityWrites,
    private readonly reads: PostReads,
  ) {}

  async execute(command: SetLikeCommand): Promise<LikeOutcome> {
    const { userId, target, targetId } = command;
    const postId =
      target === 'post'
        ? (await this.reads.visiblePost(targetId, userId))._id
        : (await this.reads.comment(targetId)).postId;
    if (target === 'comment') await this.reads.visiblePost(postId, userId);
    const data = { target, targetId, postId, userId };
    const decided = await this.writes.decide(
      likeDecider,
      likeStreamId(target, targetId, userId),
      command.liked ? { type: 'Like', data } : { type: 'Unlike', data },
      userId,
      command.correlationId,
    );
    // A like that was already there decides nothing; the count it answers must still include
    // the racing request that recorded it, so wait for everything logged so far.
    await this.writes.settled(decided.position ?? (await this.writes.eventStore.headPosition()));
    const likesCount =
      target === 'post'
        ? (await this.reads.visiblePost(targetId, userId)).likesCount
        : (await this.reads.comment(targetId)).likesCount;
    return { liked: command.liked, likesCount };
  }
}

/** Whether the user likes a post or comment, from the like's own stream (always current). */
export async function isLiked(
  eventStore: EventStore,
  target: 'post' | 'comment',
  targetId: string,
  userId: string,
): Promise<boolean> {
  const { state } = await loadState(
    eventStore,
    likeDecider,
    likeStreamId(target, targetId, userId),
  );
  return state.liked;
}

/** The score a user gave a post, or null; read from the rating's own stream. */
export async function ratingGiven(
  eventStore: EventStore,
  postId: string,
  userId: string,
): Promise<number | null> {
  const { state } = await loadState(eventStore, postRatingDecider, voteStreamId(postId, userId));
  return state.status === 'rated' ? state.score : null;
}

@CommandHandler(RatePostCommand)
export class RatePostHandler implements ICommandHandler<RatePostCommand, RatingOutcome> {
  constructor(
    private readonly writes: CommunityWrites,
    private readonly reads: PostReads,
  ) {}

  async execute({ userId, postId, score, correlationId }: RatePostCommand): Promise<RatingOutcome> {
    const post = await this.reads.visiblePost(postId, userId);
    const decided = await this.writes.decide(
      postRatingDecider,
      voteStreamId(postId, userId),
      { type: 'RatePost', data: { postId, userId, authorId: post.authorId, score } },
      userId,
      correlationId,
    );
    await this.writes.settled(decided.position);
    const rated = await this.reads.visiblePost(postId, userId);
    return { averageRating: rated.averageRating, voteCount: rated.voteCount };
  }
}

@CommandHandler(ReportPostCommand)
export class ReportPostHandler implements ICommandHandler<ReportPostCommand> {
  constructor(
    private readonly writes: CommunityWrites,
    private readonly reads: PostReads,
    private readonly autoHide: AutoHide,
  ) {}

  async execute({ userId, postId, reason, correlationId }: ReportPostCommand): Promise<void> {
    const post = await this.reads.visiblePost(postId, userId);
    const decided = await this.writes.decide(
      reportDecider,
      reportStreamId(postId, userId),
      {
        type: 'ReportPost',
        data: { reportId: randomUUID(), postId, userId, authorId: post.authorId, reason },
      },
      userId,
      correlationId,
    );
    await this.writes.settled(decided.position);
    await this.autoHide.afterReport(postId, correlationId);
  }
}
