import { NotFoundError } from '../../domain/shared/errors';

/**
 * One key per person for the personal data in their events (see `domain/shared/personal-data`),
 * kept outside the log so that destroying it erases what the immutable log holds of them
 * (crypto-shredding). Keys survive a read model rebuild: they are not derived from the log.
 */
export const PERSONAL_DATA_KEYS = Symbol('PersonalDataKeys');

/** What is known of a person's key: the key, or that it was destroyed, or that none was made. */
export type KeyLookup = Buffer | 'destroyed' | 'none';

export interface PersonalDataKeys {
  /**
   * The person's key (32 bytes, AES-256), created on first use. Throws PersonalDataErasedError
   * once the key has been destroyed: nothing new is recorded about an erased person.
   */
  keyFor(subjectId: string): Promise<Buffer>;
  /** The person's key; null when there is none yet or it has been destroyed. */
  find(subjectId: string): Promise<Buffer | null>;
  /**
   * Several people's keys in one round trip (a page of the log opened at once): each person
   * asked is answered, with the key, `destroyed` (for good) or `none` (never made yet).
   */
  findMany(subjectIds: readonly string[]): Promise<Map<string, KeyLookup>>;
  /**
   * Destroys the key for good (idempotent), leaving only a mark that it was destroyed, so it is
   * never created again.
   */
  destroy(subjectId: string): Promise<void>;
  /**
   * The log position up to which every erasure recorded in the log has had its key destroyed
   * here (kept by KeyShredder); null before it was ever recorded. It is kept with the keys, so a
   * store restored from a backup brings back the position of that backup, and the erasures
   * recorded since are applied again.
   */
  erasedUpTo(): Promise<bigint | null>;
  recordErasedUpTo(position: bigint): Promise<void>;
  close(): Promise<void>;
}

export const ACCOUNT_ERASED = 'This account has been deleted.';

/** Something was to be recorded about a person whose account is erased. */
export class PersonalDataErasedError extends NotFoundError {
  constructor(readonly subjectId: string) {
    super(ACCOUNT_ERASED);
  }
}
