import { Inject, Injectable } from '@nestjs/common';
import {
  ADMIN_SESSION_TTL_MS,
  type AdminDisabled,
  type AdminPasswordReset,
  type AdminRestored,
  type AdminSignedOut,
} from '../../domain/admin/admin.decider';
import { SESSION_TTL_MS } from '../../domain/user/account-rules';
import type { SessionEnded } from '../../domain/user/user.events';
import { type BatchRead, batchRead } from '../ports/read-batch';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { CLOCK, type Clock } from '../shared/clock';

/**
 * Sign-outs, password changes and resets, erasures, ended browsers and their admin equivalents take
 * effect before the answer, even while the projections lag: each ended session is also marked in
 * the read store's operational counters (shared by every instance, written at once), and a marked
 * session is refused whatever the read model says. A mark outlives the longest session, then
 * expires.
 */
@Injectable()
export class SessionRevocations {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async record(events: readonly { type: string; data: unknown }[]): Promise<void> {
    const now = this.clock.now().getTime();
    const marks = events.flatMap((event) => {
      if (event.type === 'SessionEnded') {
        return [{ tokenHash: (event as SessionEnded).data.tokenHash, ttl: SESSION_TTL_MS }];
      }
      if (event.type === 'AdminSignedOut') {
        return [{ tokenHash: (event as AdminSignedOut).data.tokenHash, ttl: ADMIN_SESSION_TTL_MS }];
      }
      if (ENDS_ADMIN_SESSIONS.has(event.type)) {
        return (event as AdminDisabled | AdminPasswordReset | AdminRestored).data.tokenHashes.map(
          (tokenHash) => ({ tokenHash, ttl: ADMIN_SESSION_TTL_MS }),
        );
      }
      return [];
    });
    await Promise.all(
      marks.map(({ tokenHash, ttl }) =>
        this.readStore.increment(markOf(tokenHash), new Date(now + ttl)),
      ),
    );
  }

  async isEnded(tokenHash: string): Promise<boolean> {
    return (await this.readStore.counter(markOf(tokenHash))) > 0;
  }

  /** The session's mark as a read of a batch: above 0 when the session has ended. */
  endedMark(tokenHash: string): BatchRead<number> {
    return batchRead.counter(markOf(tokenHash));
  }
}

const markOf = (tokenHash: string) => `ended-session:${tokenHash}`;
/** Events that end every listed session of an admin at once. */
const ENDS_ADMIN_SESSIONS = new Set(['AdminDisabled', 'AdminPasswordReset', 'AdminRestored']);
