import { Inject, Injectable } from '@nestjs/common';
import type { ReservationKind } from '../../domain/reservation/reservation.decider';
import type { UserCommand } from '../../domain/user/user.commands';
import { userDecider, type UserState } from '../../domain/user/user.decider';
import type { UserEvent } from '../../domain/user/user.events';
import type { AccountTokenPurpose } from '../../projections/account-tokens/account-tokens.projection';
import type { UserDocument } from '../../projections/users/users.projection';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher.port';
import type { By } from '../shared/command-metadata';
import type { Decided, Loaded, RunOptions, WithoutMetadata } from '../shared/decider-runner';
import { claimReservation, releaseReservation, reservationHolder } from '../shared/reservations';
import { StreamWrites } from '../shared/stream-writes';
import { AccountReads } from './account-reads';
import { AccountKeys, accountStreams } from './account-secrets';
import { checkPassword } from './credentials';
import { SessionRevocations } from './session-revocations';

/**
 * Attempts for a write that starts a session or replaces the password. Every sign-in appends to the
 * account's stream, so a crowd of them can keep moving it under a password change; the password is
 * hashed or checked once before, and only the cheap read-decide-append is tried again. Within one
 * process the decisions take turns (`runDecider`), so a change waits only for the sign-ins already
 * queued; the attempts are for writers in other processes.
 */
export const CREDENTIAL_WRITE_ATTEMPTS = 50;

/** The account as its own stream says, for checks the read models must not answer (passwords). */
export async function loadUser(
  writes: Pick<StreamWrites, 'load'>,
  userId: string,
): Promise<UserState> {
  return (await writes.load(userDecider, accountStreams.user(userId))).state;
}

/**
 * How the account use cases write: on the account's own stream, as the account itself, the
 * passwords hashed and checked against what that stream holds (never the read models); the
 * sessions a decision ends are refused at once, before the projections catch up.
 */
@Injectable()
export class UserStream {
  constructor(
    readonly writes: StreamWrites,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    private readonly revocations: SessionRevocations,
    private readonly reads: AccountReads,
    /** The streams of the names an account reserves. */
    readonly keys: AccountKeys,
  ) {}

  /** When the account registered: the time of the first event of its stream ('' for none). */
  async registeredAt(userId: string): Promise<string> {
    const [registration] = await this.writes.streamEvents(accountStreams.user(userId), {
      maxCount: 1,
    });
    return registration?.metadata.at ?? '';
  }

  /** The account's state and the revision it was read at. */
  load(userId: string): Promise<Loaded<UserState>> {
    return this.writes.load(userDecider, accountStreams.user(userId));
  }

  now(): Date {
    return this.writes.now();
  }

  hash(password: string): Promise<string> {
    return this.hasher.hash(password);
  }

  /** See `checkPassword`: an account that cannot sign in still costs one verification. */
  check<Account extends { passwordHash: string }>(
    account: Account | null,
    password: string,
    refusal: () => Error,
  ): Promise<Account> {
    return checkPassword(this.hasher, account, password, refusal);
  }

  /**
   * Decides on the account's stream; the sessions the decision ends are refused at once. Does
   * not wait for the read models (see `fresh`).
   */
  async decideOnUser(
    userId: string,
    command: WithoutMetadata<UserCommand>,
    by: By,
    options: RunOptions = {},
  ): Promise<Decided<UserEvent>> {
    const stream = accountStreams.user(userId);
    const decided = await this.writes.decide(stream, userDecider, command, by, options);
    await this.revocations.record(decided.events);
    return decided;
  }

  /** The account holding a unique name or address (its reservation stream), or null. */
  async holder(stream: string): Promise<string | null> {
    return (await reservationHolder(this.writes, stream))?.ownerId ?? null;
  }

  /** Claims a unique name or address for `userId`; one already held is a ConflictError. */
  claim(stream: string, kind: ReservationKind, userId: string, by: By): Promise<unknown> {
    return claimReservation(this.writes, stream, kind, userId, by);
  }

  /** Gives a name or address `userId` holds back. */
  release(stream: string, userId: string, by: By): Promise<unknown> {
    return releaseReservation(this.writes, stream, userId, by);
  }

  /** The account as of a decision at `position` (read-your-writes). */
  fresh(userId: string, position: bigint | null): Promise<UserDocument> {
    return this.reads.freshUser(userId, position);
  }

  /** The account a mailed link was issued for, if the token is one of that purpose. */
  tokenOwner(tokenHash: string, purpose: AccountTokenPurpose): Promise<string | null> {
    return this.reads.tokenOwner(tokenHash, purpose);
  }

  settled(position: bigint | null): Promise<boolean> {
    return this.writes.settled(position);
  }
}
