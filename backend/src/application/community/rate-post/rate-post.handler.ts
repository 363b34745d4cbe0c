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
import { BannedAuthors } from '../banned-authors';
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
    private readonly bannedAuthors: BannedAuthors,
  ) {}

  async execute(command: RatePostCommand): Promise<RatingOutcome> {
    const { userId, postId, score, correlationId } = command;
    // The post and both voters in one round trip.
    const { post, viewer: rater, author } = await this.reads.visiblePostWithVoters(postId, userId);
    const stream = voteStreamId(postId, userId);
    const decided = await this.writes.decide(
      stream,
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
    );
    const settled = await this.writes.settled(decided.position);
    const [rated] = await Promise.all([
      this.reads.visiblePost(postId, userId),
      // Banned as it was cast: the rating is set aside.
      this.bannedAuthors.afterVoting(userId, stream, correlationId, settled),
    ]);
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
