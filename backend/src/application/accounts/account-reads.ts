import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '../../domain/shared/errors';
import { USER_NOT_FOUND } from '../../domain/user/user.decider';
import { batchRead } from '../ports/read-batch';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import {
  ACCOUNT_TOKENS,
  type AccountTokenDocument,
  type AccountTokenPurpose,
} from '../../projections/account-tokens/account-tokens.projection';
import {
  ADMIN_SESSIONS,
  type AdminSessionDocument,
} from '../../projections/admin-sessions/admin-sessions.projection';
import { ADMINS, type AdminDocument } from '../../projections/admins/admins.projection';
import {
  USER_SESSIONS,
  type UserSessionDocument,
} from '../../projections/user-sessions/user-sessions.projection';
import {
  USERS,
  type UserDocument,
  usersProjection,
} from '../../projections/users/users.projection';
import { StreamWrites } from '../shared/stream-writes';
import { accountStreams, hashPresentedToken } from './account-secrets';
import { SessionRevocations } from './session-revocations';

export interface UserSession {
  userId: string;
  sessionId: string;
  user: UserDocument;
}

export interface AdminSession {
  adminId: string;
  sessionId: string;
  admin: AdminDocument;
}

/** Reads of the account read models: sessions by cookie, users, the owners of mailed links. */
@Injectable()
export class AccountReads {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly writes: StreamWrites,
    private readonly revocations: SessionRevocations,
  ) {}

  async user(userId: string): Promise<UserDocument> {
    const user = await this.readStore.findOne<UserDocument>(USERS, { _id: userId });
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    return user;
  }

  /**
   * The user as of a write at `position` (read-your-writes). Should the projections lag past
   * the wait, the same projection is folded over the account's own stream, so a write that
   * succeeded is never answered with "not found".
   */
  async freshUser(userId: string, position: bigint | null): Promise<UserDocument> {
    if (await this.writes.settled(position)) return this.user(userId);
    let user: UserDocument | null = null;
    for (const event of await this.writes.streamEvents(accountStreams.user(userId))) {
      if (usersProjection.handles.includes(event.type)) user = usersProjection.apply(user, event);
    }
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    return user;
  }

  /**
   * The signed-in user for a session cookie, or null for no, an unknown or an expired one: the
   * session, its user and its ended mark in one round trip. A session not found may have started
   * a moment ago (a sign-up or sign-in answers after a bounded wait): see `readAgainIfMissing`.
   */
  async userSession(token: string | null): Promise<UserSession | null> {
    const tokenHash = hashPresentedToken(token);
    if (!tokenHash) return null;
    const { session, ended } = await this.readAgainIfMissing(
      () => this.storedUserSession(tokenHash),
      (read) => read.session !== null,
    );
    if (!session?.joined || this.expired(session.document.expiresAt) || ended > 0) return null;
    const { userId, sessionId } = session.document;
    return { userId, sessionId, user: session.joined };
  }

  private storedUserSession(tokenHash: string) {
    return this.readStore.readMany({
      session: batchRead.findOneJoined<UserSessionDocument, UserDocument>(
        USER_SESSIONS,
        { _id: tokenHash },
        { collection: USERS, localField: 'userId' },
      ),
      // Ended a moment ago, before the read models caught up: refused all the same.
      ended: this.revocations.endedMark(tokenHash),
    });
  }

  /** The account's signed-in browsers (live sessions), newest first. */
  async sessionsOf(userId: string): Promise<UserSessionDocument[]> {
    const sessions = await this.readStore.find<UserSessionDocument>(
      USER_SESSIONS,
      { userId },
      { sort: { startedAt: -1 } },
    );
    const live = sessions.filter((session) => !this.expired(session.expiresAt));
    const ended = await Promise.all(live.map((s) => this.revocations.isEnded(s._id)));
    return live.filter((_, i) => !ended[i]);
  }

  /** The signed-in admin for an admin session cookie, as `userSession` reads a member's. */
  async adminSession(token: string | null): Promise<AdminSession | null> {
    const tokenHash = hashPresentedToken(token);
    if (!tokenHash) return null;
    const { session, ended } = await this.readAgainIfMissing(
      () =>
        this.readStore.readMany({
          session: batchRead.findOneJoined<AdminSessionDocument, AdminDocument>(
            ADMIN_SESSIONS,
            { _id: tokenHash },
            { collection: ADMINS, localField: 'adminId' },
          ),
          ended: this.revocations.endedMark(tokenHash),
        }),
      (read) => read.session !== null,
    );
    if (!session?.joined || this.expired(session.document.expiresAt) || ended > 0) return null;
    const { adminId, sessionId } = session.document;
    return { adminId, sessionId, admin: session.joined };
  }

  /**
   * The account a mailed link was issued for, if the token is one of that purpose. A link is
   * mailed as soon as its token is in the log, and may be opened before the read models have it:
   * see `readAgainIfMissing`.
   */
  tokenOwner(tokenHash: string, purpose: AccountTokenPurpose): Promise<string | null> {
    return this.readAgainIfMissing(
      () => this.storedTokenOwner(tokenHash, purpose),
      (owner) => owner !== null,
    );
  }

  /**
   * `read`, and once more if it found nothing, once the read models include what this process
   * has appended: what a sign-up or a mailed link's request wrote moments ago may not be projected
   * yet (the read models lag behind the log at times: a start, a rebuild, a busy worker). Bounded,
   * as read-your-writes, and never asking the log for its head on a request
   * (decisions/no-scans-or-polls-per-request.md). With several api processes, only this one's
   * appends are waited for.
   */
  private async readAgainIfMissing<T>(
    read: () => Promise<T>,
    found: (value: T) => boolean,
  ): Promise<T> {
    const first = await read();
    if (found(first) || !(await this.writes.settledOwnAppends())) return first;
    return read();
  }

  private async storedTokenOwner(
    tokenHash: string,
    purpose: AccountTokenPurpose,
  ): Promise<string | null> {
    const token = await this.readStore.findOne<AccountTokenDocument>(ACCOUNT_TOKENS, {
      _id: tokenHash,
    });
    return token?.purpose === purpose ? token.userId : null;
  }

  private expired(expiresAt: string): boolean {
    return Date.parse(expiresAt) <= this.writes.now().getTime();
  }
}
