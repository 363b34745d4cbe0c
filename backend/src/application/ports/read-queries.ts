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
