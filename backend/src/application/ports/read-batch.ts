import type { ReadDocument, Sort } from '../../projections/read-model';
import type { CountOptions, Filter, FindOptions } from './read-queries';

/**
 * Reads that `ReadStore.readMany` answers together, in one round trip to the store: a request
 * that needs a post, its author and the viewer's report asks once, not three times.
 */

/** With each document found, the document of `collection` whose `_id` its `localField` holds. */
export interface Join {
  collection: string;
  localField: string;
}

/** A document found with the one it joins (null when there is none). */
export interface Joined<T extends ReadDocument, J extends ReadDocument> {
  document: T;
  joined: J | null;
}

export type BatchReadSpec =
  | { kind: 'findOne'; collection: string; filter: Filter; join?: Join }
  | { kind: 'find'; collection: string; filter: Filter; options?: FindOptions; join?: Join }
  | { kind: 'count'; collection: string; filter: Filter; options?: CountOptions }
  | {
      kind: 'countBefore';
      collection: string;
      filter: Filter;
      sort: Sort;
      positions: readonly Record<string, unknown>[];
    }
  | { kind: 'counter'; key: string };

/** One read of a batch, answering a `Result`; made with `batchRead`. */
export interface BatchRead<Result> {
  readonly spec: BatchReadSpec;
  /** Never set: it only carries the answer's type. */
  readonly result?: Result;
}

export type BatchReads = Record<string, BatchRead<unknown>>;

/** The answers of a batch, under the names its reads were given. */
export type BatchResults<Reads extends BatchReads> = {
  [Name in keyof Reads]: Reads[Name] extends BatchRead<infer Result> ? Result : never;
};

/** The reads a batch may hold: each as its `ReadStore` method of the same name answers it. */
export const batchRead = {
  findOne<T extends ReadDocument>(collection: string, filter: Filter): BatchRead<T | null> {
    return { spec: { kind: 'findOne', collection, filter } };
  },
  findOneJoined<T extends ReadDocument, J extends ReadDocument>(
    collection: string,
    filter: Filter,
    join: Join,
  ): BatchRead<Joined<T, J> | null> {
    return { spec: { kind: 'findOne', collection, filter, join } };
  },
  find<T extends ReadDocument>(
    collection: string,
    filter: Filter,
    options?: FindOptions,
  ): BatchRead<T[]> {
    return { spec: { kind: 'find', collection, filter, options } };
  },
  findJoined<T extends ReadDocument, J extends ReadDocument>(
    collection: string,
    filter: Filter,
    options: FindOptions,
    join: Join,
  ): BatchRead<Joined<T, J>[]> {
    return { spec: { kind: 'find', collection, filter, options, join } };
  },
  count(collection: string, filter: Filter, options?: CountOptions): BatchRead<number> {
    return { spec: { kind: 'count', collection, filter, options } };
  },
  countBefore(
    collection: string,
    filter: Filter,
    sort: Sort,
    positions: readonly Record<string, unknown>[],
  ): BatchRead<number[]> {
    return { spec: { kind: 'countBefore', collection, filter, sort, positions } };
  },
  counter(key: string): BatchRead<number> {
    return { spec: { kind: 'counter', key } };
  },
};

/** One count of `ReadStore.countWithin`. */
export interface BoundedCount {
  key: string;
  expiresAt: Date;
  /** Added to the counter (default one; negative to give back). */
  by?: number;
  /** The counter is counted only while its value is below this (none: always). */
  below?: number;
}
