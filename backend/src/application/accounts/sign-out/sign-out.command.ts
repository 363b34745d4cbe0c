import { Command } from '@nestjs/cqrs';

/** Ends one session of the account: this browser's, or one from its list of signed-in browsers. */
export class LogOutCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly correlationId: string,
    /** Ended from the account's list of signed-in browsers: a session it does not hold is 404. */
    readonly fromList = false,
  ) {
    super();
  }
}
