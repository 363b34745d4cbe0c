import { Command } from '@nestjs/cqrs';

/** Ends every session of the account, this browser's too, and every remembered browser. */
export class SignOutEverywhereCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
