import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { adminDecider } from '../../domain/admin/admin.decider';
import { userDecider } from '../../domain/user/user.decider';
import {
  ACCOUNT_TOKENS,
  type AccountTokenDocument,
} from '../../projections/account-tokens/account-tokens.projection';
import {
  ADMIN_SESSIONS,
  type AdminSessionDocument,
} from '../../projections/admin-sessions/admin-sessions.projection';
import {
  USER_SESSIONS,
  type UserSessionDocument,
} from '../../projections/user-sessions/user-sessions.projection';
import {
  type Filter,
  READ_STORE,
  type ReadDocument,
  type ReadStore,
} from '../ports/read-store.port';
import { LeasedSweep } from '../shared/leased-sweep';
import { commandMetadata } from '../shared/command-metadata';
import { accountStreams } from './account-secrets';
import { StreamWrites } from '../shared/stream-writes';

/** Expired documents read per query. */
const PAGE = 500;

export interface SweepResult {
  accounts: number;
  admins: number;
}

/**
 * Every hour (and at start), sessions and mailed links past their time leave the accounts'
 * state and the read models, also for accounts that never come back. The read models say which
 * accounts have something expired; each account's decider decides what has (so a sign-in at the
 * same moment wins or loses the append cleanly, and a second sweep records nothing). Runs where
 * the projections run, under their lease.
 */
@Injectable()
export class ExpirySweep extends LeasedSweep<SweepResult> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly writes: StreamWrites,
  ) {
    super('ExpirySweep');
  }

  @Cron('0 17 * * * *', { name: 'expiry-sweep' })
  hourly(): Promise<void> {
    return this.onSchedule();
  }

  protected async sweepOnce(): Promise<SweepResult> {
    const now = this.writes.now();
    const expired = { expiresAt: { $lte: now.toISOString() } };
    const metadata = commandMetadata(
      { type: 'system', id: 'expiry-sweep' },
      now,
      `expiry-sweep-${randomUUID()}`,
    );

    const userIds = new Set<string>();
    for (const collection of [USER_SESSIONS, ACCOUNT_TOKENS]) {
      const docs = await this.allOf<UserSessionDocument | AccountTokenDocument>(
        collection,
        expired,
      );
      for (const doc of docs) userIds.add(doc.userId);
    }
    let accounts = 0;
    for (const userId of userIds) {
      if (this.stopping) break;
      const decided = await this.each(() =>
        this.writes.decide(
          accountStreams.user(userId),
          userDecider,
          { type: 'ForgetExpired', data: {} },
          metadata,
        ),
      );
      if (decided) accounts += 1;
    }

    const adminSessions = await this.allOf<AdminSessionDocument>(ADMIN_SESSIONS, expired);
    let admins = 0;
    for (const adminId of new Set(adminSessions.map((doc) => doc.adminId))) {
      if (this.stopping) break;
      const decided = await this.each(() =>
        this.writes.decide(
          accountStreams.admin(adminId),
          adminDecider,
          { type: 'ExpireAdminSessions', data: {} },
          metadata,
        ),
      );
      if (decided) admins += 1;
    }
    if (accounts + admins > 0) {
      this.logger.log(`Expired sessions and links of ${accounts} accounts and ${admins} admins`);
    }
    return { accounts, admins };
  }

  /** Every matching document, read a page at a time along the `expiresAt` index. */
  private async allOf<T extends ReadDocument & { expiresAt: string }>(
    collection: string,
    filter: Filter,
  ): Promise<T[]> {
    const all: T[] = [];
    for (;;) {
      const last = all.at(-1);
      const page = await this.readStore.find<T>(collection, filter, {
        sort: { expiresAt: 1 },
        limit: PAGE,
        ...(last ? { after: { expiresAt: last.expiresAt, _id: last._id } } : {}),
      });
      all.push(...page);
      if (page.length < PAGE) return all;
    }
  }

  /** One account's sweep; a failure (a stream that moved on, an account gone) waits an hour. */
  private async each(run: () => Promise<{ events: unknown[] }>): Promise<boolean> {
    try {
      return (await run()).events.length > 0;
    } catch (error) {
      this.logger.warn(`Could not sweep an account: ${(error as Error).message}`);
      return false;
    }
  }
}
