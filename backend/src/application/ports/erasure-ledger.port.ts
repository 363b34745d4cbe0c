/**
 * Every erasure, recorded where a restore cannot roll it back: outside the data directory and
 * outside the backups. Restoring a backup brings back the log and the key store of that moment,
 * which know nothing of the accounts erased since; the restore applies each of them again
 * from here. An entry holds no personal data: the account's random id, when, and the position
 * of the account's last event at that moment.
 */
export const ERASURE_LEDGER = Symbol('ErasureLedger');

export interface ErasureLedgerEntry {
  userId: string;
  /** When the erasure was asked for (ISO 8601). */
  at: string;
  /**
   * The position of the account's last event when it was asked for, what the erasure was
   * decided on (a decimal string; null for no event). Not the log's head: asking EventStoreDB
   * for that scans $all.
   */
  position: string | null;
}

export interface ErasureLedger {
  /** Appends durably (written and flushed before it resolves). */
  record(entry: ErasureLedgerEntry): Promise<void>;
  /** Every entry, oldest first. */
  entries(): Promise<ErasureLedgerEntry[]>;
}
