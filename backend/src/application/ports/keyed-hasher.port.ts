/**
 * A keyed hash (HMAC-SHA256 with the app's secret) for values that must be found again but not
 * read back: stream ids of reservations made of an email or a name, and rate-limit counter keys.
 * A bare sha256 of an email can be reversed by hashing a list of addresses; without the key it
 * cannot. The same value and purpose always give the same hash, so the key must never change.
 */
export const KEYED_HASHER = Symbol('KeyedHasher');

export interface KeyedHasher {
  /** Lower-case hex; `purpose` keeps hashes made for different uses apart. */
  hash(purpose: string, value: string): string;
}
