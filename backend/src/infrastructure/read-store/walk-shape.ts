import { type OrderKey, orderKeys } from './bson-order';
import type { Sort } from '../../application/ports/read-store.port';

/** What a query asks of an index. */
export interface IndexQuery {
  /** Fields the filter pins to one scalar value (null, boolean, number or string). */
  equality: ReadonlyMap<string, unknown>;
  /** Undefined (with no `after`) for a query that wants no particular order. */
  sort?: Sort;
  after?: Record<string, unknown>;
  /**
   * `orderKeys(sort)`, when the caller worked it out once for the many indexes it asks (a
   * query plans against each index of its collection).
   */
  order?: readonly OrderKey[];
}

/**
 * How a query walks an index, worked out from its keys alone (`walkShape`): the
 * equality values that bound its range, and the walk's direction and order.
 */
export interface WalkShape {
  prefix: readonly unknown[];
  coveredFields: readonly string[];
  range: RangeWalk;
  /** Whether the query asks for an order (a sort or a position to start after). */
  ordered: boolean;
}

/** How a range is walked, whatever its bounds. */
export interface RangeWalk {
  backward: boolean;
  after?: { values: unknown[]; id: unknown };
  tiesFrom: number;
  /** End of the sort keys when ties must be gathered and ordered by `_id`; else null. */
  tiesTo: number | null;
  idDirection: 1 | -1;
}

/**
 * How a query walks an index on these keys, worked out from the keys and the query alone,
 * before any entry is looked at: the longest run of leading keys the query pins to one value
 * bounds the range, and the sort must follow the next keys in their directions, or all
 * reversed. Null when the index cannot answer the query in its order.
 */
export function walkShape(keys: readonly OrderKey[], query: IndexQuery): WalkShape | null {
  let longestPrefix = 0;
  while (longestPrefix < keys.length && query.equality.has(keys[longestPrefix].field)) {
    longestPrefix += 1;
  }
  if (query.sort === undefined && query.after === undefined) {
    return longestPrefix > 0 ? shape(keys, query, longestPrefix, null) : null;
  }
  const order = query.order ?? orderKeys(query.sort);
  // The order ends with `_id`; the keys before it are what an index must follow.
  const groupKeys = order.length - 1;
  const id = order[groupKeys]!;
  for (let prefix = longestPrefix; prefix >= 0; prefix -= 1) {
    const direction = sortDirection(keys, order, groupKeys, prefix);
    if (direction === null) continue;
    const found = shape(keys, query, prefix, { groupKeys, direction, id });
    // Sorting the whole collection by `_id` is no better than the store's own sort.
    if (prefix === 0 && groupKeys === 0 && found.range.tiesTo !== null) return null;
    return found;
  }
  return null;
}

/**
 * 1 when the sort's first `sortKeys` keys follow the keys after the prefix, -1 when they
 * reverse them all.
 */
function sortDirection(
  keys: readonly OrderKey[],
  sort: readonly OrderKey[],
  sortKeys: number,
  prefix: number,
): 1 | -1 | null {
  if (prefix + sortKeys > keys.length) return null;
  let relation: 1 | -1 | null = null;
  for (let j = 0; j < sortKeys; j += 1) {
    const key = keys[prefix + j];
    if (key.field !== sort[j].field) return null;
    const same = key.direction === sort[j].direction ? 1 : -1;
    if (relation !== null && relation !== same) return null;
    relation = same;
  }
  return relation ?? 1;
}

function shape(
  keys: readonly OrderKey[],
  query: IndexQuery,
  prefixLength: number,
  order: { groupKeys: number; direction: 1 | -1; id: OrderKey } | null,
): WalkShape {
  // Plain loops: every query works out a shape for each index of its collection.
  const prefix: unknown[] = [];
  const coveredFields: string[] = [];
  for (let k = 0; k < prefixLength; k += 1) {
    prefix.push(query.equality.get(keys[k].field));
    coveredFields.push(keys[k].field);
  }
  if (!order) {
    const range = { backward: false, tiesFrom: 0, tiesTo: null, idDirection: 1 as const };
    return { prefix, coveredFields, range, ordered: false };
  }
  const { groupKeys, id } = order;
  let backward = order.direction === -1;
  const allKeysInOrder = prefixLength + groupKeys === keys.length;
  // With no sort key beyond the prefix the walk direction is free: let `_id` choose it.
  if (groupKeys === 0) backward = allKeysInOrder && id.direction === -1;
  // Past the sort keys an index orders by its remaining keys, then `_id` in walk direction.
  const sortsTies = !allKeysInOrder || (backward ? -1 : 1) !== id.direction;
  const position = query.after;
  let after: RangeWalk['after'];
  if (position) {
    const values = prefix.slice();
    for (let k = prefixLength; k < prefixLength + groupKeys; k += 1) {
      values.push(position[keys[k].field] ?? null);
    }
    after = { values, id: position._id ?? null };
  }
  const range = {
    backward,
    after,
    tiesFrom: prefixLength,
    tiesTo: sortsTies ? prefixLength + groupKeys : null,
    idDirection: id.direction,
  };
  return { prefix, coveredFields, range, ordered: true };
}
