import { Command, Query } from '@nestjs/cqrs';
import type { AccountExport } from './account-export';

/**
 * The privacy policy's rights over an account: a copy of everything the app holds about it,
 * and its erasure.
 */
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

export class ExportAccountQuery extends Query<AccountExport> {
  constructor(
    readonly userId: string,
    /** The session asking, marked as the current one in the answer. */
    readonly sessionId: string | null,
  ) {
    super();
  }
}
