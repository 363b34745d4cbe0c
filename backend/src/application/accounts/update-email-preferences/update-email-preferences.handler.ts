import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { userDecider } from '../../../domain/user/user.decider';
import type { UserDocument } from '../../../projections/users/users.projection';
import { EVENT_STORE, type EventStore } from '../../ports/event-store.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { commandMetadata } from '../../shared/command-metadata';
import { runDecider } from '../../shared/decider-runner';
import { AccountReads } from '../account-reads';
import { accountStreams } from '../account-secrets';
import { ChangeEmailPreferencesCommand } from './update-email-preferences.command';

@CommandHandler(ChangeEmailPreferencesCommand)
export class ChangeEmailPreferencesHandler implements ICommandHandler<
  ChangeEmailPreferencesCommand,
  UserDocument
> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly reads: AccountReads,
  ) {}

  async execute(command: ChangeEmailPreferencesCommand): Promise<UserDocument> {
    const decided = await runDecider(
      this.eventStore,
      userDecider,
      accountStreams.user(command.userId),
      { type: 'ChangeEmailPreferences', data: command.changes },
      commandMetadata(
        { type: 'user', id: command.userId },
        this.clock.now(),
        command.correlationId,
      ),
    );
    return this.reads.freshUser(command.userId, decided.position);
  }
}
