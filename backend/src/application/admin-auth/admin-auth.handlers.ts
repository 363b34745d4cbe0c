import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import {
  adminDecider,
  ADMIN_USERNAME_PATTERN,
  type AdminState,
} from '../../domain/admin/admin.decider';
import {
  ConflictError,
  CredentialChangedError,
  IllegalStateError,
  UnauthenticatedError,
} from '../../domain/shared/errors';
import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig } from '../../config/config';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher.port';
import { AccountReads } from '../accounts/account-reads';
import { AccountKeys, accountStreams, newSecretToken } from '../accounts/account-secrets';
import { SessionRevocations } from '../accounts/session-revocations';
import { CREDENTIAL_WRITE_ATTEMPTS } from '../accounts/user-stream';
import { CLOCK, type Clock } from '../shared/clock';
import { commandMetadata } from '../shared/command-metadata';
import { loadState, runDecider } from '../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../shared/projection-progress';
import { claimReservation, reservationHolder } from '../shared/reservations';
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
    const decided = await runDecider(
      this.eventStore,
      adminDecider,
      accountStreams.admin(state.adminId),
      {
        type: 'SignInAdmin',
        data: {
          sessionId: randomUUID(),
          tokenHash: session.tokenHash,
          verifiedPasswordHash: state.passwordHash,
        },
      },
      commandMetadata({ type: 'admin', id: state.adminId }, now, command.correlationId),
      // Sign-ins of one admin share its stream: a crowd of them only retries the cheap append.
      { maxAttempts: CREDENTIAL_WRITE_ATTEMPTS },
    ).catch((error: unknown) => {
      // The password changed while it was being checked: it is the wrong one now.
      if (error instanceof CredentialChangedError) throw new InvalidAdminLoginError();
      throw error;
    });
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

/**
 * At start, when no admin exists yet, ADMIN_USERNAME / ADMIN_PASSWORD create the first one.
 * Safe across restarts and several instances starting at once: the username is claimed in its
 * reservation stream and the admin's stream is created with `no_stream`, so it happens once; a
 * start that finds the name claimed but the admin missing (a crash in between) completes it.
 */
@Injectable()
export class FirstAdmin {
  private readonly logger = new Logger('Admin');

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reads: AccountReads,
    private readonly accountKeys: AccountKeys,
  ) {}

  async ensure(): Promise<void> {
    // Decide on up-to-date read models, not on ones still catching up after a restart.
    await this.progress.waitFor(await this.eventStore.headPosition(), 60_000);
    if ((await this.reads.adminCount()) > 0) return;
    const wanted = this.config.admin;
    if (!wanted) {
      this.logger.warn(
        'No admin exists: set ADMIN_USERNAME and ADMIN_PASSWORD to create the first one',
      );
      return;
    }

    const metadata = commandMetadata(
      { type: 'system', id: 'first-admin' },
      this.clock.now(),
      'first-admin',
    );
    const reservation = this.accountKeys.adminUsernameStream(wanted.username);
    let adminId: string = randomUUID();
    try {
      await claimReservation(this.eventStore, reservation, 'admin-username', adminId, metadata);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const holder = await reservationHolder(this.eventStore, reservation);
      if (!holder) throw error;
      adminId = holder.ownerId;
    }
    const passwordHash = await this.hasher.hash(wanted.password);
    try {
      const decided = await runDecider(
        this.eventStore,
        adminDecider,
        accountStreams.admin(adminId),
        { type: 'CreateAdmin', data: { adminId, username: wanted.username, passwordHash } },
        metadata,
      );
      await this.progress.waitFor(decided.position);
      this.logger.log(`Created the first admin, ${wanted.username}`);
    } catch (error) {
      // Another instance created it meanwhile.
      if (!(error instanceof IllegalStateError)) throw error;
    }
  }
}
