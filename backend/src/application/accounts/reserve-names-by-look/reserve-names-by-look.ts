import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  NAMES_BY_LOOK_STREAM,
  namesByLookDecider,
  type PassCounts,
} from '../../../domain/reservation/names-by-look.decider';
import { ConflictError } from '../../../domain/shared/errors';
import type { CommandMetadata } from '../../../domain/shared/event';
import { sameNameLook } from '../../../domain/user/name-skeleton';
import { userDecider } from '../../../domain/user/user.decider';
import { USERS, type UserDocument } from '../../../projections/users/users.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { claimReservation, releaseReservation, reservationHolder } from '../../shared/reservations';
import { commandMetadata } from '../../shared/command-metadata';
import { StreamWrites } from '../../shared/stream-writes';
import { AccountKeys, accountStreams } from '../account-secrets';

/** Accounts read per query. */
const PAGE = 500;
const ACTOR = { type: 'system', id: 'names-by-look' } as const;

export interface NamesByLookResult extends PassCounts {
  /** A full pass had ended before: nothing was read but the record of it. */
  skipped: boolean;
}

type Outcome = 'claimed' | 'held' | 'look-alike' | 'moved';

/**
 * Moves display-name reservations made under the lower case to the skeleton's stream
 * (`AccountKeys.displayNameStream`): every account showing a name claims that stream as a rename
 * does, oldest first, so two passes at once end the same. When two names share a look, the older
 * account holds it; the younger keeps its name but holds nothing (so its rename or erasure releases
 * nothing of the older's) and is recorded for the admins (`UserNameLookAlikeKept`). Nothing reads
 * the old streams. Runs at every start until one full pass is recorded;
 * `npm run names:reserve-by-look` runs another.
 */
@Injectable()
export class ReserveNamesByLook {
  private readonly logger = new Logger('NamesByLook');
  private stopping = false;
  private passing: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly writes: StreamWrites,
    private readonly keys: AccountKeys,
  ) {}

  /** Called by the process that holds the projections' lease, once they have caught up. */
  async start(): Promise<void> {
    this.stopping = false;
    // Not awaited: the workers started after this one need not wait for a long first pass.
    this.run().catch((error: unknown) => this.logger.error('Pass failed', error));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.passing.catch(() => undefined);
  }

  /**
   * A pass, after any under way, unless a full one has ended (`again`: a pass all the same,
   * which claims and records only what is still missing).
   */
  run({ again = false }: { again?: boolean } = {}): Promise<NamesByLookResult> {
    const next = this.passing.catch(() => undefined).then(() => this.pass(again));
    this.passing = next;
    return next;
  }

  private async pass(again: boolean): Promise<NamesByLookResult> {
    const counts: PassCounts = { accounts: 0, claimed: 0, lookAlikes: 0 };
    const { state } = await this.writes.load(namesByLookDecider, NAMES_BY_LOOK_STREAM);
    if (state.done && !again) return { ...counts, skipped: true };
    const metadata = commandMetadata(ACTOR, this.writes.now(), `names-by-look-${randomUUID()}`);
    let last: UserDocument | undefined;
    for (;;) {
      const page = await this.readStore.find<UserDocument>(
        USERS,
        { displayUsername: { $ne: null } },
        {
          sort: { createdAt: 1 },
          limit: PAGE,
          ...(last ? { after: { createdAt: last.createdAt, _id: last._id } } : {}),
        },
      );
      for (const user of page) {
        // Stopped midway: the pass is not recorded as ended, so the next start does it again.
        if (this.stopping) return { ...counts, skipped: false };
        if (typeof user.displayUsername !== 'string') continue;
        const outcome = await this.reserve(user._id, user.displayUsername, metadata);
        if (outcome === 'moved') continue;
        counts.accounts += 1;
        if (outcome === 'claimed') counts.claimed += 1;
        if (outcome === 'look-alike') counts.lookAlikes += 1;
      }
      last = page.at(-1);
      if (page.length < PAGE) break;
    }
    // With no name shown yet, there is nothing to record: the next start looks again (one query).
    if (counts.accounts > 0) {
      await this.writes.decide(
        NAMES_BY_LOOK_STREAM,
        namesByLookDecider,
        { type: 'EndPass', data: counts },
        metadata,
      );
    }
    if (counts.claimed + counts.lookAlikes > 0) {
      this.logger.log(
        `Display names reserved by their look: ${counts.claimed} claimed, ${counts.lookAlikes} ` +
          `kept beside an older look-alike (see the audit log), of ${counts.accounts} shown`,
      );
    }
    return { ...counts, skipped: false };
  }

  /**
   * Claims the look of the name the read model shows for the account, then reads the name its
   * stream shows now: a rename or an erasure meanwhile reserved or released by itself, and a
   * claim made here for a name no longer shown is given back.
   */
  private async reserve(userId: string, name: string, metadata: CommandMetadata): Promise<Outcome> {
    const streamId = this.keys.displayNameStream(name);
    let claimed = false;
    let heldBy: string | null = null;
    try {
      const decided = await claimReservation(
        this.writes,
        streamId,
        'display-name',
        userId,
        metadata,
      );
      claimed = decided.events.length > 0;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const holder = await reservationHolder(this.writes, streamId);
      if (holder === null) throw error;
      if (holder.ownerId !== userId) heldBy = holder.ownerId;
    }

    const { state } = await this.writes.load(userDecider, accountStreams.user(userId));
    const shown = state.status === 'registered' ? state.profile.displayUsername : null;
    if (shown === null || !sameNameLook(shown, name)) {
      if (claimed) await releaseReservation(this.writes, streamId, userId, metadata);
      return 'moved';
    }
    if (heldBy === null) return claimed ? 'claimed' : 'held';
    await this.writes.decide(
      NAMES_BY_LOOK_STREAM,
      namesByLookDecider,
      { type: 'RecordLookAlike', data: { userId, heldBy } },
      metadata,
    );
    return 'look-alike';
  }
}
