import { Inject, Injectable } from '@nestjs/common';
import { likeDecider, likeStreamId } from '../../domain/like/like.decider';
import {
  ACCOUNT_STREAMS,
  type AccountStreamDocument,
} from '../../projections/account-streams/account-streams.projection';
import {
  CLUSTERS,
  CLUSTERS_SORT,
  type ClusterDocument,
} from '../../projections/clusters/clusters.projection';
import {
  HELD_VOTES,
  type HeldVoteDocument,
} from '../../projections/held-votes/held-votes.projection';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import type { By } from '../shared/command-metadata';
import { StreamWrites } from '../shared/stream-writes';

/** Likes decided at the same time. */
const AT_ONCE = 16;

/**
 * A burst of sign-ups' likes of posts wait for an admin, as its ratings do: a like cast while
 * the burst is held is held when it is cast (the like decider), and the likes its accounts cast
 * before the burst was found leave the counts when it is (`HoldLike` on each like's stream, so
 * an unlike or a ban racing it decides once). Clearing the burst counts them (`HeldRatings`).
 */
@Injectable()
export class ClusterLikes {
  constructor(
    private readonly writes: StreamWrites,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  /**
   * The accounts' likes of posts that count, held: after a burst was flagged or grew (`after`,
   * its position: the read models hold every like cast before it once they reach it).
   */
  async hold(userIds: readonly string[], after: bigint | null, decidedBy: By): Promise<void> {
    await this.writes.settled(after);
    let last: bigint | null = null;
    for (const userId of userIds) {
      const [streams, held] = await Promise.all([
        this.readStore.find<AccountStreamDocument>(ACCOUNT_STREAMS, { userId }),
        this.readStore.find<HeldVoteDocument>(HELD_VOTES, { userId }),
      ]);
      // Likes held already are left alone: a sweep reads only what may still count.
      const heldLikes = new Set(
        held
          .filter((vote) => vote.kind === 'like' && !vote.counted)
          .map((vote) => likeStreamId('post', vote.postId, userId)),
      );
      const likes = streams
        .map(({ _id }) => _id)
        .filter((id) => id.startsWith('like-post-') && !heldLikes.has(id));
      // A few at a time, so a busy account does not take a round trip after another per like.
      for (let from = 0; from < likes.length; from += AT_ONCE) {
        const decided = await Promise.all(
          likes
            .slice(from, from + AT_ONCE)
            .map((stream) =>
              this.writes.decide(stream, likeDecider, { type: 'HoldLike' }, decidedBy),
            ),
        );
        for (const { position } of decided) {
          if (position !== null && (last === null || position > last)) last = position;
        }
      }
    }
    await this.writes.settled(last);
  }

  /**
   * The accounts of every burst still held: what a hold missed (a crash between the flag and
   * the holds; a like decided as the burst was flagged, on a read of its liker from just before)
   * is held by the next sweep. A like is not checked again after it is recorded: that would cost
   * every like a read.
   */
  async holdHeldClusters(decidedBy: By): Promise<void> {
    const held = await this.readStore.find<ClusterDocument>(
      CLUSTERS,
      { held: 1 },
      { sort: CLUSTERS_SORT },
    );
    for (const cluster of held) {
      await this.hold(
        cluster.accounts.map((account) => account.userId),
        null,
        decidedBy,
      );
    }
  }
}
