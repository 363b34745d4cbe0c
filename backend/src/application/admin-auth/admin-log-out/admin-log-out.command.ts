import { Command } from '@nestjs/cqrs';

/** Ends the admin session of this token, if it is one; no session is nothing to do. */
export class AdminLogOutCommand extends Command<void> {
  constructor(
    readonly sessionToken: string | null,
    readonly correlationId: string,
  ) {
    super();
  }
}
