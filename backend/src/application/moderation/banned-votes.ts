import { Inject, Injectable } from '@nestjs/common';
import {
  ACCOUNT_STREAMS,
  type AccountStreamDocument,
} from '../../projections/account-streams/account-streams.projection';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import type { By } from '../shared/command-metadata';
import { setVoteAside } from '../community/banned-authors';
import { StreamWrites } from '../shared/stream-writes';

/** Votes decided at the same time. */
const AT_ONCE = 16;

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
    const streams = (
      await this.readStore.find<AccountStreamDocument>(ACCOUNT_STREAMS, { userId })
    ).filter(({ _id }) => _id.startsWith('like-') || _id.startsWith('vote-'));
    let last: bigint | null = null;
    // Each vote is its own stream: a few at a time, so a busy account's ban does not take a
    // store round trip after another for every vote (their appends share commits).
    for (let from = 0; from < streams.length; from += AT_ONCE) {
      const decided = await Promise.all(
        streams
          .slice(from, from + AT_ONCE)
          .map(({ _id: stream }) => setVoteAside(this.writes, stream, aside, decidedBy)),
      );
      for (const { position } of decided) {
        if (position !== null && (last === null || position > last)) last = position;
      }
    }
    await this.writes.settled(last);
  }
}
