import { Inject, Injectable, Logger } from '@nestjs/common';
import { likeDecider, likeStreamId } from '../../../domain/like/like.decider';
import { postRatingDecider, voteStreamId } from '../../../domain/post-rating/post-rating.decider';
import type { Actor } from '../../../domain/shared/event';
import {
  HELD_VOTES,
  HELD_VOTES_SORT,
  type HeldVoteDocument,
} from '../../../projections/held-votes/held-votes.projection';
import { voterOf } from '../../community/voter-reads';
import { type Filter, READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { StreamWrites } from '../../shared/stream-writes';

const PAGE = 500;

/**
 * Held-out votes that may come to count: each vote's own stream decides (`CountRating` for a
 * rating, `CountLike` for a like), from the voter's burst as the read models know it now and the
 * time, so a sweep and an admin's clearing racing on one vote record it once. The posts' figures
 * follow from `RatingCounted` and `LikeCounted`.
 */
@Injectable()
export class HeldRatings {
  private readonly logger = new Logger('HeldRatings');

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly writes: StreamWrites,
  ) {}

  /**
   * Votes whose time has come (a rating's account is a day old; a like held by a burst alone is
   * due from when it was cast, and counts once the burst is cleared); answers how many now count.
   */
  due(actor: Actor, correlationId: string): Promise<number> {
    const now = this.writes.now().toISOString();
    return this.count({ due: 1, countsFrom: { $lte: now } }, 'countsFrom', actor, correlationId);
  }

  /** The votes of these accounts that may count (their burst was just cleared). */
  async ofAccounts(userIds: readonly string[], actor: Actor, correlationId: string) {
    let counted = 0;
    for (const userId of userIds) {
      counted += await this.count({ userId, due: 1 }, 'at', actor, correlationId);
    }
    return counted;
  }

  /** Walks `filter` along the index that ends in `by` (`{due, countsFrom}` or `{userId, at}`). */
  private async count(
    filter: Filter,
    by: 'countsFrom' | 'at',
    actor: Actor,
    correlationId: string,
  ): Promise<number> {
    let counted = 0;
    let last: bigint | null = null;
    // Page by page along the list's index, so votes still held (a burst not cleared) at the
    // head of the list never keep later ones from their turn.
    for (let after: HeldVoteDocument | undefined; ;) {
      const votes: HeldVoteDocument[] = await this.readStore.find<HeldVoteDocument>(
        HELD_VOTES,
        filter,
        {
          sort: by === 'at' ? HELD_VOTES_SORT : { countsFrom: 1 },
          limit: PAGE,
          ...(after ? { after: { [by]: after[by], _id: after._id } } : {}),
        },
      );
      for (const vote of votes) {
        const voter = await voterOf(this.readStore, vote.userId);
        if (voter?.clusterHeld) continue;
        const metadata = { actor, correlationId };
        const decided = await (
          vote.kind === 'like'
            ? this.writes.decide(
                likeStreamId('post', vote.postId, vote.userId),
                likeDecider,
                { type: 'CountLike', data: { likerClusterHeld: false } },
                metadata,
              )
            : this.writes.decide(
                voteStreamId(vote.postId, vote.userId),
                postRatingDecider,
                { type: 'CountRating', data: { raterClusterHeld: false } },
                metadata,
              )
        ).catch((error: unknown) => {
          this.logger.error(`Could not count a held ${vote.kind}`, error);
          return null;
        });
        if (decided?.events.length) {
          counted += 1;
          last = decided.position;
        }
      }
      if (votes.length < PAGE) break;
      after = votes[votes.length - 1];
    }
    await this.writes.settled(last);
    return counted;
  }
}
