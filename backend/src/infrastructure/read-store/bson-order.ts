import type { Sort } from '../../application/ports/read-store.port';

/**
 * How read models are ordered, the way MongoDB orders them, so that the embedded store sorts,
 * indexes and pages exactly like the production one for the values projections store.
 */

/**
 * MongoDB's comparison order of the types we store, lowest first, by their `$type` aliases.
 * Null and a missing field compare equal. Times are stored as ISO strings.
 */
export const BSON_TYPE_ORDER = [
  'null',
  'number',
  'string',
  'object',
  'array',
  'bool',
  'date',
] as const;

const NULL_RANK = 0;
const NUMBER_RANK = 1;
const STRING_RANK = 2;
const OBJECT_RANK = 3;
const ARRAY_RANK = 4;
const BOOLEAN_RANK = 5;
const DATE_RANK = 6;

export function bsonTypeRank(value: unknown): number {
  if (value === null || value === undefined) return NULL_RANK;
  switch (typeof value) {
    case 'number':
      return NUMBER_RANK;
    case 'string':
      return STRING_RANK;
    case 'boolean':
      return BOOLEAN_RANK;
    default:
      if (Array.isArray(value)) return ARRAY_RANK;
      if (value instanceof Date) return DATE_RANK;
      return OBJECT_RANK;
  }
}

/**
 * Negative, zero or positive as `a` sorts before, with or after `b`. Arrays compare element by
 * element (MongoDB sorts an array field by its smallest or largest element instead; read models
 * are not sorted by arrays). Strings compare by UTF-16 code units, which is MongoDB's binary
 * order except between astral characters and U+E000 to U+FFFF.
 */
export function compareValues(a: unknown, b: unknown): number {
  // Sorts and index searches compare mostly strings and numbers: skip the type ranks for them.
  if (typeof a === 'string' && typeof b === 'string') return a === b ? 0 : a < b ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return compareNumbers(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const rank = bsonTypeRank(a);
  const difference = rank - bsonTypeRank(b);
  if (difference !== 0) return difference;
  switch (rank) {
    case NULL_RANK:
      return 0;
    case NUMBER_RANK:
      return compareNumbers(a as number, b as number);
    case STRING_RANK:
      return a === b ? 0 : (a as string) < (b as string) ? -1 : 1;
    case BOOLEAN_RANK:
      return Number(a) - Number(b);
    case DATE_RANK:
      return compareNumbers((a as Date).getTime(), (b as Date).getTime());
    case ARRAY_RANK:
      return compareSequences(a as unknown[], b as unknown[], compareValues);
    default:
      return compareSequences(
        Object.entries(a as object),
        Object.entries(b as object),
        compareFields,
      );
  }
}

/** NaN sorts below every other number, as in MongoDB. */
function compareNumbers(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0;
  return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : -1) : 1;
}

/** Embedded documents compare field by field: the value's type, then the name, then the value. */
function compareFields([nameA, valueA]: [string, unknown], [nameB, valueB]: [string, unknown]) {
  return (
    bsonTypeRank(valueA) - bsonTypeRank(valueB) ||
    (nameA === nameB ? 0 : nameA < nameB ? -1 : 1) ||
    compareValues(valueA, valueB)
  );
}

function compareSequences<T>(a: readonly T[], b: readonly T[], compare: (x: T, y: T) => number) {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i += 1) {
    const difference = compare(a[i], b[i]);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/** A sort or index key: a field (dotted paths reach into embedded documents) and a direction. */
export interface OrderKey {
  field: string;
  path: readonly string[];
  direction: 1 | -1;
}

/**
 * The keys a query names, shared: every query plans against each of a collection's indexes, and
 * a key object (and its path) per index and query was a third of what reading a post allocated.
 * Fields come from the code's sorts and index declarations, so there are few; the cache is
 * emptied should it ever grow past a bound.
 */
const KNOWN_KEYS: Record<1 | -1, Map<string, OrderKey>> = { 1: new Map(), [-1]: new Map() };
const KNOWN_KEYS_BOUND = 512;

function orderKey(field: string, direction: 1 | -1): OrderKey {
  // Only the two directions are kept: anything else is refused by whoever checks it.
  const known = direction === 1 || direction === -1 ? KNOWN_KEYS[direction] : null;
  let key = known?.get(field);
  if (key) return key;
  key = Object.freeze({ field, path: Object.freeze(field.split('.')), direction });
  if (!known) return key;
  if (known.size >= KNOWN_KEYS_BOUND) known.clear();
  known.set(field, key);
  return key;
}

/**
 * The total order a query asks for: its sort keys, then `_id` ascending unless the sort names
 * `_id` itself (keys after `_id` cannot change the order, so they are dropped).
 */
export function orderKeys(sort: Sort = {}): OrderKey[] {
  const keys: OrderKey[] = [];
  for (const field in sort) {
    if (!Object.hasOwn(sort, field)) continue;
    keys.push(orderKey(field, sort[field]));
    if (field === '_id') return keys;
  }
  keys.push(orderKey('_id', 1));
  return keys;
}

/**
 * The same total order walked backwards: every key of `orderKeys(sort)` reversed, `_id` too, so
 * what comes strictly after a position in it comes strictly before that position in `sort`.
 */
export function reversedSort(sort: Sort | undefined): Sort {
  const reversed: Sort = {};
  for (const key of orderKeys(sort)) reversed[key.field] = key.direction === 1 ? -1 : 1;
  return reversed;
}

/**
 * The keys of a declared index without its implicit `_id` tie-breaker. Refuses what the stores
 * could not keep: a direction other than 1 or -1, an operator as a field, or `_id` anywhere but
 * last and ascending.
 */
export function declaredIndexKeys(keys: Sort): OrderKey[] {
  const entries = Object.entries(keys);
  const declared: OrderKey[] = [];
  entries.forEach(([field, direction], position) => {
    if (direction !== 1 && direction !== -1) {
      throw new TypeError(`Index key ${field} needs direction 1 or -1, not ${String(direction)}`);
    }
    if (field.length === 0 || field.startsWith('$') || field.split('.').includes('')) {
      throw new TypeError(`Not a field an index can hold: ${JSON.stringify(field)}`);
    }
    if (field === '_id') {
      if (position !== entries.length - 1 || direction !== 1) {
        throw new TypeError('_id ascending is the last key of every index; it cannot come earlier');
      }
      return;
    }
    declared.push(orderKey(field, direction));
  });
  return declared;
}

/** The value at a key's path; undefined when the path is missing or crosses an array. */
export function valueAt(document: unknown, path: readonly string[]): unknown {
  let value = document;
  // Indexed, not for-of: this runs for every key of every index a write touches, and the
  // iterators of for-of were a tenth of what a like allocated.
  for (let i = 0; i < path.length; i += 1) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[path[i]!];
  }
  return value;
}

/** Compares two tuples of key values, each key in its own direction. */
export function compareKeyValues(
  a: readonly unknown[],
  b: readonly unknown[],
  keys: readonly OrderKey[],
): number {
  for (let i = 0; i < keys.length; i += 1) {
    const difference = compareValues(a[i], b[i]);
    if (difference !== 0) return difference * keys[i].direction;
  }
  return 0;
}
