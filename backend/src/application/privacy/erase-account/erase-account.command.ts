import { Command } from '@nestjs/cqrs';

/** The privacy policy's "erasure": the account and what it recorded go, for good. */
export class EraseAccountCommand extends Command<void> {
  constructor(
    readonly userId: string,
    /** Asked again: erasing cannot be undone, and a session alone may be a stolen one. */
    readonly password: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
