import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../domain/shared/errors';
import { by } from '../../shared/command-metadata';
import { UserStream } from '../user-stream';
import { LogOutCommand } from './sign-out.command';

export const SESSION_NOT_FOUND = 'That browser is not signed in to your account';

/** The session ends at once: refused even while the read models catch up. */
@CommandHandler(LogOutCommand)
export class LogOutHandler implements ICommandHandler<LogOutCommand, void> {
  constructor(private readonly account: UserStream) {}

  async execute({ userId, sessionId, fromList, correlationId }: LogOutCommand): Promise<void> {
    const reason = fromList ? ('ended-elsewhere' as const) : ('logout' as const);
    const command = { type: 'EndSession' as const, data: { sessionId, reason } };
    const decided = await this.account.decideOnUser(
      userId,
      command,
      by.member(userId, correlationId),
    );
    if (fromList && decided.events.length === 0) throw new NotFoundError(SESSION_NOT_FOUND);
    await this.account.settled(decided.position);
  }
}
