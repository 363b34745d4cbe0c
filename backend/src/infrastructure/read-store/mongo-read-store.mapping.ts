import type { AnyBulkWriteOperation, Document } from 'mongodb';
import {
  BSON_TYPE_ORDER,
  bsonTypeRank,
  compareKeyValues,
  declaredIndexKeys,
  orderKeys,
  reversedSort,
} from './bson-order';
import type {
  Filter,
  ReadDocument,
  ReadModelWrite,
  Sort,
} from '../../application/ports/read-store.port';

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
  // Before the first event: sorts before every event's key ('-' is below '0').
  if (position === -1n) return '-';
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
 * Writes per transaction of a bulk commit: a thousand small read-model documents stay far from
 * a transaction's run time, cache and oplog limits (docs/configuration.md, `MONGODB_URL`). A
 * rebuild uses no transactions (`REBUILD_BATCH_WRITES`).
 */
export const BULK_TRANSACTION_WRITES = 1_000;

/**
 * Writes per `bulkWrite` into a rebuild's fresh collections: each is one command of a thousand
 * small records, outside any transaction (the 16 MB limit on a command, and the driver's own split
 * at 100,000 operations or 48 MB, are never reached), acknowledged by a majority before the next.
 */
export const REBUILD_BATCH_WRITES = 1_000;

/**
 * Where a read model was rebuilt beside the live one before generations (a release that renamed
 * it over the live one): a copy left by a cut-short rebuild of that release is dropped.
 */
export const REBUILD_SUFFIX = '__rebuild';

/**
 * A rebuild's writes in batches of at most `size`, each grouped by the collection it goes into
 * (`fresh` names it: the rebuild's generation), in order within a collection, as
 * `groupWritesByCollection`.
 */
export function rebuildBatches(
  writes: readonly ReadModelWrite[],
  fresh: (name: string) => string,
  size = REBUILD_BATCH_WRITES,
): Map<string, AnyBulkWriteOperation<ReadDocument>[]>[] {
  const batches: Map<string, AnyBulkWriteOperation<ReadDocument>[]>[] = [];
  for (let start = 0; start < writes.length; start += size) {
    const groups = groupWritesByCollection(writes.slice(start, start + size));
    batches.push(new Map([...groups].map(([name, ops]) => [fresh(name), ops])));
  }
  return batches;
}

/**
 * A bulk commit's transactions, in order: `size` writes each, the checkpoint moved with the
 * last. Each before it moves a progress checkpoint of its own (the part's number), so a part is
 * applied once even when its transaction is retried; bulk commits go into emptied read models,
 * whose checkpoints were dropped with them.
 */
export function bulkParts(
  writes: readonly ReadModelWrite[],
  checkpoint: { name: string; position: bigint },
  size = BULK_TRANSACTION_WRITES,
): { writes: readonly ReadModelWrite[]; checkpoint: { name: string; position: bigint } }[] {
  const count = Math.max(1, Math.ceil(writes.length / size));
  return Array.from({ length: count }, (_, part) => ({
    writes: writes.slice(part * size, (part + 1) * size),
    checkpoint:
      part === count - 1
        ? checkpoint
        : { name: bulkProgress(checkpoint.name), position: BigInt(part + 1) },
  }));
}

/** The checkpoint a bulk commit's parts before its last move. */
export function bulkProgress(name: string): string {
  return `${name}-bulk-progress`;
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

/** A declared index as MongoDB gets it: its keys, then `_id` ascending, so it orders totally. */
export function indexKeysWithId(keys: Sort): Sort {
  const withId: Sort = {};
  for (const key of declaredIndexKeys(keys)) withId[key.field] = key.direction;
  withId._id = 1;
  return withId;
}

/** The sort MongoDB runs: the query's keys, then `_id` ascending (the tie-breaker) unless named. */
export function totalSort(sort: Sort | undefined): Sort {
  return Object.fromEntries(orderKeys(sort).map((key) => [key.field, key.direction]));
}

/** The filter of one page: the query's own, and only what comes strictly after `after`. */
export function pageFilter(
  filter: Filter,
  sort: Sort | undefined,
  after: Record<string, unknown> | undefined,
): Filter {
  if (!after) return filter;
  const keyset = keysetFilter(sort, after);
  return Object.keys(filter).length > 0 ? { $and: [filter, keyset] } : keyset;
}

/**
 * One aggregation that answers, for each position, how many documents of `filter` come strictly
 * before it in `sort` order (then `_id`): one match of those before the latest position, read from
 * the index, then one `$facet` branch per position. A search page's ranks so cost one round trip,
 * and the server reads the board up to the page's last post once, not once per post.
 */
export function countBeforePipeline(
  filter: Filter,
  sort: Sort,
  positions: readonly Record<string, unknown>[],
): Document[] {
  const keys = orderKeys(sort);
  const valuesOf = (position: Record<string, unknown>) =>
    keys.map((key) => position[key.field] ?? null);
  let latest = positions[0]!;
  for (const position of positions) {
    if (compareKeyValues(valuesOf(position), valuesOf(latest), keys) > 0) latest = position;
  }
  const backwards = reversedSort(sort);
  const projection: Document = {};
  for (const key of keys) projection[key.field] = 1;
  return [
    { $match: pageFilter(filter, backwards, latest) },
    { $project: projection },
    {
      $facet: Object.fromEntries(
        positions.map((position, index) => [
          facetName(index),
          [{ $match: keysetFilter(backwards, position) }, { $count: 'n' }],
        ]),
      ),
    },
  ];
}

/** The counts `countBeforePipeline`'s one result document holds, in the positions' order. */
export function countsBefore(result: Document | undefined, positions: number): number[] {
  return Array.from({ length: positions }, (_, index) => {
    const [count] = (result?.[facetName(index)] ?? []) as { n: number }[];
    return count?.n ?? 0;
  });
}

function facetName(index: number): string {
  return `p${index}`;
}

/**
 * Documents strictly after a position in sort order (then `_id`), as the usual keyset filter:
 * `{a: beyond A}` or `{a: A, b: beyond B}` or … down to `_id`. MongoDB compares values of one
 * type only, so "beyond" also takes in the types that sort beyond the position's (a descending
 * walk past 3 must still reach the posts with no rating, which sort below every number).
 */
export function keysetFilter(sort: Sort | undefined, after: Record<string, unknown>): Filter {
  const branches: Filter[] = [];
  const equal: Filter = {};
  for (const key of orderKeys(sort)) {
    const value = after[key.field] ?? null;
    const beyond = valuesBeyond(key.field, value, key.direction);
    if (beyond) branches.push({ ...equal, ...beyond });
    equal[key.field] = value;
  }
  if (branches.length === 0) return { _id: { $in: [] } };
  return branches.length === 1 ? branches[0] : { $or: branches };
}

/** The condition on one key for values after `value` in `direction`; null when none can be. */
function valuesBeyond(field: string, value: unknown, direction: 1 | -1): Filter | null {
  // Ids are always strings: no other type to take in.
  if (field === '_id' && typeof value === 'string') {
    return { _id: direction === 1 ? { $gt: value } : { $lt: value } };
  }
  const rank = bsonTypeRank(value);
  if (direction === 1) {
    if (rank === 0) return { [field]: { $ne: null } };
    const higherTypes = BSON_TYPE_ORDER.slice(rank + 1);
    const greater = { [field]: { $gt: value } };
    return higherTypes.length > 0
      ? { $or: [greater, { [field]: { $type: higherTypes } }] }
      : greater;
  }
  if (rank === 0) return null;
  // Null also stands for a missing field, which `$type: 'null'` would not match.
  const lowerTypes = BSON_TYPE_ORDER.slice(1, rank);
  return {
    $or: [
      { [field]: { $lt: value } },
      { [field]: null },
      ...(lowerTypes.length > 0 ? [{ [field]: { $type: lowerTypes } }] : []),
    ],
  };
}

export function hasErrorCode(error: unknown, code: number): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

export const NAMESPACE_NOT_FOUND = 26;
export const DUPLICATE_KEY = 11000;
