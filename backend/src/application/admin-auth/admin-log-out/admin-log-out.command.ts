import { Command } from '@nestjs/cqrs';

/** Ends one of the admin's sessions (the one the request came with). */
export class AdminLogOutCommand extends Command<void> {
  constructor(
    readonly adminId: string,
    readonly sessionId: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
