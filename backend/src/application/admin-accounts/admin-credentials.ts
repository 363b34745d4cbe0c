import { Inject, Injectable } from '@nestjs/common';
import {
  ADMIN_NOT_FOUND,
  type AdminCommand,
  adminDecider,
  type AdminEvent,
  type AdminState,
} from '../../domain/admin/admin.decider';
import { ACTING_ADMIN_DISABLED } from '../../domain/admin/admin-roster.decider';
import { ForbiddenError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { reservationDecider } from '../../domain/reservation/reservation.decider';
import { AccountKeys, accountStreams } from '../accounts/account-secrets';
import { checkPassword } from '../accounts/credentials';
import { SessionRevocations } from '../accounts/session-revocations';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher.port';
import { by, type By } from '../shared/command-metadata';
import type { Decided, WithoutMetadata } from '../shared/decider-runner';
import { StreamWrites } from '../shared/stream-writes';
import { reservationHolder } from '../shared/reservations';
import { loadAdmin } from './admin-roster';
import { assertHardToGuess } from '../shared/password-guessability';

export const ADMIN_PASSWORD_MIN = 12;
export const ADMIN_PASSWORD_MAX = 256;
export const ADMIN_PASSWORD_RULE = `An admin password is ${ADMIN_PASSWORD_MIN} to ${ADMIN_PASSWORD_MAX} characters`;
export const ADMIN_USERNAME_RULE =
  'An admin username is 3 to 30 letters, numbers, underscores, dots or hyphens';
export const ADMIN_USERNAME_TAKEN = 'This admin username is already taken';
export const ADMIN_CURRENT_PASSWORD_INCORRECT = 'Your current password is incorrect';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who acts on an admin account, and the password they typed again: creating an admin, disabling
 * one and setting a password re-authenticate the acting admin, so a stolen admin session alone
 * cannot take the admin area over.
 */
export interface ActingAdmin {
  adminId: string;
  sessionId: string;
  currentPassword: string;
}

/** The acting admin typed a wrong current password; the api counts it like a failed sign-in. */
export class WrongAdminPasswordError extends ValidationError {
  constructor() {
    super(ADMIN_CURRENT_PASSWORD_INCORRECT);
  }
}

/** Also refuses a password of spaces only or a common one (`assertHardToGuess`). */
export function assertAdminPassword(password: string, username?: string): void {
  if (
    typeof password !== 'string' ||
    password.length < ADMIN_PASSWORD_MIN ||
    password.length > ADMIN_PASSWORD_MAX
  ) {
    throw new ValidationError(ADMIN_PASSWORD_RULE);
  }
  assertHardToGuess(password, username ? [username] : []);
}

/**
 * The admin side's credentials and streams, shared by sign-in, the admin accounts' use cases and
 * the configured admin: passwords checked and hashed, usernames claimed and looked up, decisions
 * on an admin's own stream (the sessions they end refused at once) and read-your-writes.
 * The user side has the same steps for members; both keep this one shape (`check`, `hash`,
 * `decide`, `settle`) so that they can become one helper.
 */
@Injectable()
export class AdminCredentials {
  constructor(
    private readonly writes: StreamWrites,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    private readonly accountKeys: AccountKeys,
    private readonly revocations: SessionRevocations,
  ) {}

  now(): Date {
    return this.writes.now();
  }

  /** The acting admin, its decisions in this request all taken now. */
  actedBy(command: { acting: ActingAdmin; correlationId: string }): By {
    const { acting, correlationId } = command;
    return by.admin({ adminId: acting.adminId, correlationId }, this.now());
  }

  load(adminId: string): Promise<AdminState> {
    return loadAdmin(this.writes, adminId);
  }

  /** An admin that exists, active or disabled (404 otherwise). */
  async existing(adminId: string): Promise<AdminState & { status: 'active' | 'disabled' }> {
    const state = UUID.test(adminId) ? await this.load(adminId) : null;
    if (!state || state.status === 'none') throw new NotFoundError(ADMIN_NOT_FOUND);
    return state;
  }

  /**
   * The active admin whose password `password` is, or `refusal()`; an unknown or disabled admin
   * costs a hash verification too (the users' `checkPassword`).
   */
  check<Active extends AdminState & { status: 'active' }>(
    state: AdminState | null,
    password: string,
    refusal: () => Error,
  ): Promise<Active> {
    const active = state?.status === 'active' ? (state as Active) : null;
    return checkPassword(this.hasher, active, password, refusal);
  }

  hash(password: string): Promise<string> {
    return this.hasher.hash(password);
  }

  /**
   * Re-authentication: the acting admin's password checked against its own stream. Answers the
   * credential version it was checked at, for a decision on that stream to hold it to.
   */
  async reauthenticate(acting: ActingAdmin): Promise<number> {
    const state = await this.load(acting.adminId);
    if (state.status !== 'active') throw new ForbiddenError(ACTING_ADMIN_DISABLED);
    if (!(await this.hasher.verify(state.passwordHash, acting.currentPassword))) {
      throw new WrongAdminPasswordError();
    }
    return state.credentialVersion;
  }

  /** The admin holding a username, or null. */
  async usernameHolder(username: string): Promise<string | null> {
    const holder = await reservationHolder(
      this.writes,
      this.accountKeys.adminUsernameStream(username),
    );
    return holder?.ownerId ?? null;
  }

  /** Claims a username for `adminId`; a username already held is a ConflictError. */
  claimUsername(username: string, adminId: string, decidedBy: By): Promise<unknown> {
    return this.writes.decide(
      this.accountKeys.adminUsernameStream(username),
      reservationDecider,
      { type: 'ClaimReservation', data: { kind: 'admin-username', ownerId: adminId } },
      decidedBy,
    );
  }

  /** Decides on an admin's own stream; the sessions the decision ends are refused at once. */
  async decideOnAdmin(
    adminId: string,
    command: WithoutMetadata<AdminCommand>,
    decidedBy: By,
  ): Promise<Decided<AdminEvent>> {
    const stream = accountStreams.admin(adminId);
    const decided = await this.writes.decide(stream, adminDecider, command, decidedBy);
    await this.revocations.record(decided.events);
    return decided;
  }

  /** Waits (bounded) until the read models include everything the log holds now. */
  caughtUp(timeoutMs: number): Promise<void> {
    return this.writes.caughtUp(timeoutMs).then(() => undefined);
  }

  /** Read-your-writes: waits until the read models include the event at `position`. */
  settle(position: bigint | null, timeoutMs?: number): Promise<void> {
    return this.writes.settled(position, timeoutMs).then(() => undefined);
  }
}
