import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import {
  ADMIN_NOT_FOUND,
  ADMIN_USERNAME_PATTERN,
  adminDecider,
} from '../../domain/admin/admin.decider';
import { ACTING_ADMIN_DISABLED } from '../../domain/admin/admin-roster.decider';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { AccountKeys, accountStreams } from '../accounts/account-secrets';
import { SessionRevocations } from '../accounts/session-revocations';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher.port';
import { CLOCK, type Clock } from '../shared/clock';
import { commandMetadata } from '../shared/command-metadata';
import { runDecider } from '../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../shared/projection-progress';
import { claimReservation } from '../shared/reservations';
import {
  type ActingAdmin,
  CreateAdminCommand,
  DisableAdminCommand,
  SetAdminPasswordCommand,
} from './admin-accounts.commands';
import { AdminRoster, loadAdmin } from './admin-roster';

export const ADMIN_PASSWORD_MIN = 12;
export const ADMIN_PASSWORD_MAX = 256;
export const ADMIN_PASSWORD_RULE = `An admin password is ${ADMIN_PASSWORD_MIN} to ${ADMIN_PASSWORD_MAX} characters`;
export const ADMIN_USERNAME_RULE =
  'An admin username is 3 to 30 letters, numbers, underscores, dots or hyphens';
export const ADMIN_USERNAME_TAKEN = 'This admin username is already taken';
export const ADMIN_CURRENT_PASSWORD_INCORRECT = 'Your current password is incorrect';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The acting admin typed a wrong current password; the api counts it like a failed sign-in. */
export class WrongAdminPasswordError extends ValidationError {
  constructor() {
    super(ADMIN_CURRENT_PASSWORD_INCORRECT);
  }
}

export function assertAdminPassword(password: string): void {
  if (
    typeof password !== 'string' ||
    password.length < ADMIN_PASSWORD_MIN ||
    password.length > ADMIN_PASSWORD_MAX
  ) {
    throw new ValidationError(ADMIN_PASSWORD_RULE);
  }
}

function actedBy(clock: Clock, command: { acting: ActingAdmin; correlationId: string }) {
  return commandMetadata(
    { type: 'admin', id: command.acting.adminId },
    clock.now(),
    command.correlationId,
  );
}

/**
 * Re-authentication: the acting admin's password checked against its own stream. Answers the
 * credential version it was checked at, for a decision on that stream to hold it to.
 */
async function reauthenticate(
  eventStore: EventStore,
  hasher: PasswordHasher,
  acting: ActingAdmin,
): Promise<number> {
  const state = await loadAdmin(eventStore, acting.adminId);
  if (state.status !== 'active') throw new ForbiddenError(ACTING_ADMIN_DISABLED);
  if (!(await hasher.verify(state.passwordHash, acting.currentPassword))) {
    throw new WrongAdminPasswordError();
  }
  return state.credentialVersion;
}

async function existingAdmin(eventStore: EventStore, adminId: string) {
  const state = UUID.test(adminId) ? await loadAdmin(eventStore, adminId) : null;
  if (!state || state.status === 'none') throw new NotFoundError(ADMIN_NOT_FOUND);
  return state;
}

/**
 * The username is claimed in its reservation stream, then the admin's stream is created, then the
 * admin joins the roster: an admin the roster counts as active always exists.
 */
@CommandHandler(CreateAdminCommand)
export class CreateAdminHandler implements ICommandHandler<CreateAdminCommand, string> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly accountKeys: AccountKeys,
    private readonly roster: AdminRoster,
  ) {}

  async execute(command: CreateAdminCommand): Promise<string> {
    const { username, password } = command;
    if (!ADMIN_USERNAME_PATTERN.test(username)) throw new ValidationError(ADMIN_USERNAME_RULE);
    assertAdminPassword(password);
    await reauthenticate(this.eventStore, this.hasher, command.acting);
    const metadata = actedBy(this.clock, command);
    const adminId = randomUUID();
    try {
      await claimReservation(
        this.eventStore,
        this.accountKeys.adminUsernameStream(username),
        'admin-username',
        adminId,
        metadata,
      );
    } catch (error) {
      if (error instanceof ConflictError) throw new ConflictError(ADMIN_USERNAME_TAKEN);
      throw error;
    }
    const passwordHash = await this.hasher.hash(password);
    await runDecider(
      this.eventStore,
      adminDecider,
      accountStreams.admin(adminId),
      { type: 'CreateAdmin', data: { adminId, username, passwordHash } },
      metadata,
    );
    const joined = await this.roster.decide(
      { type: 'JoinAdminRoster', data: { adminId, active: true } },
      metadata,
    );
    await this.progress.waitFor(joined.position);
    return adminId;
  }
}

/**
 * The roster decides first (never oneself, never the last active admin, never by an admin just
 * disabled), then the admin's own stream ends its sessions. Should the second step not happen
 * (a crash in between), disabling the admin again completes it.
 */
@CommandHandler(DisableAdminCommand)
export class DisableAdminHandler implements ICommandHandler<DisableAdminCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly revocations: SessionRevocations,
    private readonly roster: AdminRoster,
  ) {}

  async execute(command: DisableAdminCommand): Promise<void> {
    const target = await existingAdmin(this.eventStore, command.adminId);
    await reauthenticate(this.eventStore, this.hasher, command.acting);
    const metadata = actedBy(this.clock, command);
    if (!(await this.onlyStreamLeft(command.adminId, target.status, metadata))) {
      await this.roster.decide(
        {
          type: 'DisableAdminOnRoster',
          data: { adminId: command.adminId, actingAdminId: command.acting.adminId },
        },
        metadata,
        [command.adminId, command.acting.adminId],
      );
    }
    const decided = await runDecider(
      this.eventStore,
      adminDecider,
      accountStreams.admin(command.adminId),
      { type: 'DisableAdmin', data: { reason: command.reason } },
      metadata,
    );
    await this.revocations.record(decided.events);
    await this.progress.waitFor(decided.position);
  }

  /** The roster has disabled the admin but its own stream has not followed yet. */
  private async onlyStreamLeft(
    adminId: string,
    streamStatus: 'active' | 'disabled',
    metadata: CommandMetadata,
  ): Promise<boolean> {
    if (streamStatus !== 'active') return false;
    const roster = await this.roster.load(metadata);
    return roster.status === 'seeded' && roster.admins[adminId] === 'disabled';
  }
}

@CommandHandler(SetAdminPasswordCommand)
export class SetAdminPasswordHandler implements ICommandHandler<SetAdminPasswordCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly revocations: SessionRevocations,
  ) {}

  async execute(command: SetAdminPasswordCommand): Promise<void> {
    await existingAdmin(this.eventStore, command.adminId);
    assertAdminPassword(command.password);
    const { acting } = command;
    const credentialVersion = await reauthenticate(this.eventStore, this.hasher, acting);
    const passwordHash = await this.hasher.hash(command.password);
    const own = acting.adminId === command.adminId;
    const decided = await runDecider(
      this.eventStore,
      adminDecider,
      accountStreams.admin(command.adminId),
      {
        type: 'ResetAdminPassword',
        data: {
          passwordHash,
          // One's own: the session it is changed from stays, and the password checked above
          // must still be the admin's when the change is decided.
          ...(own && { ownChange: { sessionId: acting.sessionId, credentialVersion } }),
        },
      },
      actedBy(this.clock, command),
    );
    await this.revocations.record(decided.events);
    await this.progress.waitFor(decided.position);
  }
}
