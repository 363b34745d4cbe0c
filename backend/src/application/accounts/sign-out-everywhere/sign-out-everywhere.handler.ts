import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { by } from '../../shared/command-metadata';
import { UserStream } from '../user-stream';
import { SignOutEverywhereCommand } from './sign-out-everywhere.command';

/**
 * Every session ends at once (refused even while the read models catch up), and with them every
 * browser remembered for the account's sign-in: none of them passes its failed-sign-in limits
 * any more.
 */
@CommandHandler(SignOutEverywhereCommand)
export class SignOutEverywhereHandler implements ICommandHandler<SignOutEverywhereCommand, void> {
  constructor(private readonly account: UserStream) {}

  async execute({ userId, correlationId }: SignOutEverywhereCommand): Promise<void> {
    const decided = await this.account.decideOnUser(
      userId,
      { type: 'EndAllSessions', data: {} },
      by.member(userId, correlationId),
    );
    await this.account.settled(decided.position);
  }
}
