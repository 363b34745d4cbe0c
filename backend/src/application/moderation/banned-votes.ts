import { Inject, Injectable } from '@nestjs/common';
import { likeDecider } from '../../domain/like/like.decider';
import { postRatingDecider } from '../../domain/post-rating/post-rating.decider';
import {
  ACCOUNT_STREAMS,
  type AccountStreamDocument,
} from '../../projections/account-streams/account-streams.projection';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import type { By } from '../shared/command-metadata';
import { StreamWrites } from '../shared/stream-writes';

/**
 * A banned account's likes and ratings leave the figures of what they are on until the ban is
 * lifted: each is set aside on its own stream (`SetLikeAside`, `SetVoteAside`), where a held
 * rating's sweep decides too, so a rating cannot come to count during the ban. The account's
 * like and vote streams are read from `account-streams`.
 */
@Injectable()
export class BannedVotes {
  constructor(
    private readonly writes: StreamWrites,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  setAside(userId: string, decidedBy: By): Promise<void> {
    return this.each(userId, true, decidedBy);
  }

  restore(userId: string, decidedBy: By): Promise<void> {
    return this.each(userId, false, decidedBy);
  }

  private async each(userId: string, aside: boolean, decidedBy: By): Promise<void> {
    const streams = await this.readStore.find<AccountStreamDocument>(ACCOUNT_STREAMS, { userId });
    let last: bigint | null = null;
    for (const { _id: stream } of streams) {
      let decided;
      if (stream.startsWith('like-')) {
        const type = aside ? 'SetLikeAside' : 'RestoreLike';
        decided = await this.writes.decide(stream, likeDecider, { type }, decidedBy);
      } else if (stream.startsWith('vote-')) {
        const type = aside ? 'SetVoteAside' : 'RestoreVote';
        decided = await this.writes.decide(stream, postRatingDecider, { type }, decidedBy);
      } else {
        continue;
      }
      last = decided.position ?? last;
    }
    await this.writes.settled(last);
  }
}
