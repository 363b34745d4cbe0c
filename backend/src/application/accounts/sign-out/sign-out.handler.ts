import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../domain/shared/errors';
import { userDecider } from '../../../domain/user/user.decider';
import { EVENT_STORE, type EventStore } from '../../ports/event-store.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { commandMetadata } from '../../shared/command-metadata';
import { runDecider } from '../../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../../shared/projection-progress';
import { accountStreams } from '../account-secrets';
import { SessionRevocations } from '../session-revocations';
import { LogOutCommand } from './sign-out.command';

export const SESSION_NOT_FOUND = 'That browser is not signed in to your account';

/** The session ends at once: refused even while the read models catch up. */
@CommandHandler(LogOutCommand)
export class LogOutHandler implements ICommandHandler<LogOutCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly revocations: SessionRevocations,
  ) {}

  async execute(command: LogOutCommand): Promise<void> {
    const decided = await runDecider(
      this.eventStore,
      userDecider,
      accountStreams.user(command.userId),
      {
        type: 'EndSession',
        data: {
          sessionId: command.sessionId,
          reason: command.fromList ? 'ended-elsewhere' : 'logout',
        },
      },
      commandMetadata(
        { type: 'user', id: command.userId },
        this.clock.now(),
        command.correlationId,
      ),
    );
    if (command.fromList && decided.events.length === 0) {
      throw new NotFoundError(SESSION_NOT_FOUND);
    }
    await this.revocations.record(decided.events);
    await this.progress.waitFor(decided.position);
  }
}
