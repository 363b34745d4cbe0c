import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.provider';
import { postRatingDecider, voteStreamId } from '../../../domain/post-rating/post-rating.decider';
import { countsFromMessage, waitsOnlyForAge } from '../../../domain/post-rating/vote-standing';
import { originMarks } from '../../accounts/client-marks';
import { KEYED_HASHER, type KeyedHasher } from '../../ports/keyed-hasher.port';
import { by } from '../../shared/command-metadata';
import { StreamWrites } from '../../shared/stream-writes';
import { PostReads } from '../post-reads';
import { RatePostCommand, type RatingOutcome } from './rate-post.command';

/**
 * A member rates another member's post, once (the vote's own stream decides), with the vote
 * rules deciding on the same stream whether it counts (see `vote-standing.ts`).
 */
@CommandHandler(RatePostCommand)
export class RatePostHandler implements ICommandHandler<RatePostCommand, RatingOutcome> {
  constructor(
    private readonly writes: StreamWrites,
    private readonly reads: PostReads,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'voteWaitHours'>,
    @Inject(KEYED_HASHER) private readonly hasher: KeyedHasher,
  ) {}

  async execute(command: RatePostCommand): Promise<RatingOutcome> {
    const { userId, postId, score, correlationId } = command;
    // The post and both voters in one round trip.
    const { post, viewer: rater, author } = await this.reads.visiblePostWithVoters(postId, userId);
    const decided = await this.writes.decide(
      voteStreamId(postId, userId),
      postRatingDecider,
      {
        type: 'RatePost',
        data: {
          ...{ postId, userId, authorId: post.authorId, score, rater, author },
          waitMs: this.config.voteWaitHours * 60 * 60 * 1000,
          from: originMarks(this.hasher, command.origin),
        },
      },
      by.member(userId, correlationId),
      { settle: true },
    );
    const rated = await this.reads.visiblePost(postId, userId);
    const recorded = decided.events.find((event) => event.type === 'Rated');
    const heldOut = recorded?.type === 'Rated' ? (recorded.data.heldOut ?? []) : [];
    const countsFrom =
      recorded?.type === 'Rated'
        ? waitsOnlyForAge(heldOut, recorded.data.countsFrom ?? null)
        : null;
    return {
      averageRating: rated.averageRating,
      voteCount: rated.voteCount,
      counted: heldOut.length === 0,
      countsFrom,
      message: countsFrom ? countsFromMessage(countsFrom, this.config.voteWaitHours) : null,
    };
  }
}
