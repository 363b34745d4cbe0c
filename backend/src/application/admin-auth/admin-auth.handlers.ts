import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import {
  adminDecider,
  type AdminEvent,
  ADMIN_USERNAME_PATTERN,
  type AdminState,
} from '../../domain/admin/admin.decider';
import { NotFoundError, UnauthenticatedError } from '../../domain/shared/errors';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher.port';
import { AccountKeys, accountStreams, newSecretToken } from '../accounts/account-secrets';
import { SessionRevocations } from '../accounts/session-revocations';
import { CLOCK, type Clock } from '../shared/clock';
import { commandMetadata } from '../shared/command-metadata';
import { type Decided, loadState, runDecider } from '../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../shared/projection-progress';
import { reservationHolder } from '../shared/reservations';
import {
  AdminLogInCommand,
  AdminLogOutCommand,
  type AdminSignedInResult,
} from './admin-auth.commands';

export const INVALID_ADMIN_LOGIN = 'Invalid credentials';

export class InvalidAdminLoginError extends UnauthenticatedError {
  constructor() {
    super(INVALID_ADMIN_LOGIN);
  }
}

async function loadAdmin(eventStore: EventStore, adminId: string): Promise<AdminState> {
  return (await loadState(eventStore, adminDecider, accountStreams.admin(adminId))).state;
}

/** Same shape as user sign-in: an unknown username costs a hash verification too. */
@CommandHandler(AdminLogInCommand)
export class AdminLogInHandler implements ICommandHandler<AdminLogInCommand, AdminSignedInResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly accountKeys: AccountKeys,
  ) {}

  async execute(command: AdminLogInCommand): Promise<AdminSignedInResult> {
    const holder = ADMIN_USERNAME_PATTERN.test(command.username)
      ? await reservationHolder(
          this.eventStore,
          this.accountKeys.adminUsernameStream(command.username),
        )
      : null;
    const state = holder ? await loadAdmin(this.eventStore, holder.ownerId) : null;
    if (!state || state.status !== 'active') {
      await this.hasher.verifyDecoy(command.password);
      throw new InvalidAdminLoginError();
    }
    if (!(await this.hasher.verify(state.passwordHash, command.password))) {
      throw new InvalidAdminLoginError();
    }
    const session = newSecretToken();
    const now = this.clock.now();
    let decided: Decided<AdminEvent>;
    try {
      decided = await runDecider(
        this.eventStore,
        adminDecider,
        accountStreams.admin(state.adminId),
        {
          type: 'SignInAdmin',
          data: {
            sessionId: randomUUID(),
            tokenHash: session.tokenHash,
            // The password checked above: a new one set meanwhile refuses this sign-in.
            credentialVersion: state.credentialVersion,
          },
        },
        commandMetadata({ type: 'admin', id: state.adminId }, now, command.correlationId),
      );
    } catch (error) {
      // The password typed is no longer the admin's, or the admin was disabled meanwhile.
      if (error instanceof UnauthenticatedError || error instanceof NotFoundError) {
        throw new InvalidAdminLoginError();
      }
      throw error;
    }
    await this.progress.waitFor(decided.position);
    return {
      admin: { id: state.adminId, username: state.username },
      sessionToken: session.token,
    };
  }
}

@CommandHandler(AdminLogOutCommand)
export class AdminLogOutHandler implements ICommandHandler<AdminLogOutCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly revocations: SessionRevocations,
  ) {}

  async execute(command: AdminLogOutCommand): Promise<void> {
    const decided = await runDecider(
      this.eventStore,
      adminDecider,
      accountStreams.admin(command.adminId),
      { type: 'SignOutAdmin', data: { sessionId: command.sessionId } },
      commandMetadata(
        { type: 'admin', id: command.adminId },
        this.clock.now(),
        command.correlationId,
      ),
    );
    // Refused at once, even while the projections lag.
    await this.revocations.record(decided.events);
    await this.progress.waitFor(decided.position);
  }
}
