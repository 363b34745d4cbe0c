import { Command } from '@nestjs/cqrs';

/**
 * What applying an erasure from the ledger did: `erased` the account the restored log still
 * held, found it `already-erased` in the log, or found no such account in it (`not-in-log`:
 * registered after the backup was taken). Its key is destroyed in every case.
 */
export type ReappliedErasure = 'erased' | 'already-erased' | 'not-in-log';

/**
 * An erasure recorded in the erasure ledger, applied again after a restore: the password was
 * asked for when the person erased the account, and the restored log may not hold the erasure.
 */
export class ReapplyErasureCommand extends Command<ReappliedErasure> {
  constructor(
    readonly userId: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
