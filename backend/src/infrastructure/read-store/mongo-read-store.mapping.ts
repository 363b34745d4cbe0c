import type { AnyBulkWriteOperation, Document } from 'mongodb';
import type { ReadDocument, ReadModelWrite } from './read-store.port';

/**
 * Pure helpers of the MongoDB read store, kept apart so they can be tested without a server.
 */

export const DEFAULT_DATABASE = 'solescore';
export const CHECKPOINTS = '_checkpoints';
export const COUNTERS = '_counters';
export const LEASES = '_leases';

/** Enough digits for any unsigned 64-bit position, so string order is numeric order. */
const SORT_KEY_DIGITS = 20;

export interface CheckpointDocument {
  _id: string;
  /** Decimal, for people and for parsing back to a bigint. */
  position: string;
  /** Zero-padded decimal, for comparisons in queries. */
  sortKey: string;
}

export interface CounterDocument {
  _id: string;
  value: number;
  expiresAt: Date;
}

/** The database named in the URL's path, as the driver reads it, or the default. */
export function databaseNameFromUrl(url: string, fallback = DEFAULT_DATABASE): string {
  // Not `new URL`: a replica set URL lists several host:port pairs, which URL rejects.
  const match = /^mongodb(?:\+srv)?:\/\/[^/?#]*\/([^?#]*)/i.exec(url);
  const name = match ? decodeURIComponent(match[1]) : '';
  return name.length > 0 ? name : fallback;
}

export function positionSortKey(position: bigint): string {
  if (position < 0n) throw new RangeError(`A checkpoint position cannot be negative: ${position}`);
  const digits = position.toString(10);
  if (digits.length > SORT_KEY_DIGITS) {
    throw new RangeError(
      `A checkpoint position has more than ${SORT_KEY_DIGITS} digits: ${digits}`,
    );
  }
  return digits.padStart(SORT_KEY_DIGITS, '0');
}

export function checkpointDocument(name: string, position: bigint): CheckpointDocument {
  return { _id: name, position: position.toString(10), sortKey: positionSortKey(position) };
}

export function parseCheckpointPosition(document: Pick<CheckpointDocument, 'position'>): bigint {
  return BigInt(document.position);
}

/**
 * One ordered bulk write per collection. Order matters within a collection (an upsert then a
 * delete of the same document), not across collections.
 */
export function groupWritesByCollection(
  writes: readonly ReadModelWrite[],
): Map<string, AnyBulkWriteOperation<ReadDocument>[]> {
  const groups = new Map<string, AnyBulkWriteOperation<ReadDocument>[]>();
  for (const write of writes) {
    if (
      write.collection === CHECKPOINTS ||
      write.collection === COUNTERS ||
      write.collection === LEASES
    ) {
      throw new Error(`Collection ${write.collection} is reserved by the read store`);
    }
    let operations = groups.get(write.collection);
    if (!operations) {
      operations = [];
      groups.set(write.collection, operations);
    }
    operations.push(
      write.kind === 'upsert'
        ? {
            replaceOne: {
              filter: { _id: write.document._id },
              replacement: write.document,
              upsert: true,
            },
          }
        : { deleteOne: { filter: { _id: write.id } } },
    );
  }
  return groups;
}

/**
 * An update pipeline that adds `by` to a counter, or starts it again from zero when it is
 * new or has expired. TTL deletion runs only once a minute, so an expired counter may still be
 * there; deciding in one server-side update keeps the reset atomic with the count.
 */
export function counterIncrementPipeline(expiresAt: Date, now: Date, by = 1): Document[] {
  const startOver = {
    $or: [{ $ne: [{ $type: '$expiresAt' }, 'date'] }, { $lte: ['$expiresAt', now] }],
  };
  return [
    {
      $set: {
        value: { $cond: [startOver, by, { $add: ['$value', by] }] },
        expiresAt: { $cond: [startOver, expiresAt, '$expiresAt'] },
      },
    },
  ];
}

export function hasErrorCode(error: unknown, code: number): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

export const NAMESPACE_NOT_FOUND = 26;
export const DUPLICATE_KEY = 11000;
