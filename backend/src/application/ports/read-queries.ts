import type { Sort } from '../../projections/read-model';

/** A query of the read store, in MongoDB's filter syntax (the embedded adapter translates it to SQL). */
export type Filter = Record<string, unknown>;

export interface FindOptions {
  /** Results are ordered by these keys, then by `_id` ascending (the tie-breaker). */
  sort?: Sort;
  skip?: number;
  limit?: number;
  /**
   * Keyset paging: only documents that come strictly after this position in `sort` order (then
   * `_id`). Holds a value for every sort key and `_id`, e.g. taken from the last document of
   * the previous page. Needs `sort`.
   */
  after?: Record<string, unknown>;
}

export type CountOptions = Pick<FindOptions, 'sort' | 'after'>;

/**
 * The most values an `$in` of a sorted query may list (a `find` or `count` with `sort` or
 * `after`, a `countBefore`): MongoDB merges the index scans of up to 200 values in the sort's
 * order, and past that reads them all and sorts in memory. Both stores refuse a longer list with
 * a `RangeError`; a query that could list more narrows first (a board search takes at most 200
 * authors). Unsorted queries (documents by their ids) are not bounded.
 */
export const MAX_SORTED_IN = 200;

/** Throws the `RangeError` of `MAX_SORTED_IN` for a sorted query whose filter lists more. */
export function checkSortedIn(filter: Filter): void {
  for (const [field, condition] of Object.entries(filter)) {
    const values = (condition as { $in?: unknown } | null)?.$in;
    if (Array.isArray(values) && values.length > MAX_SORTED_IN) {
      throw new RangeError(
        `A sorted query lists ${values.length} values of ${field} (at most ${MAX_SORTED_IN})`,
      );
    }
  }
}
