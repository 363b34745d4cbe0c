import type Database from 'better-sqlite3';
import type { ReadStore } from '../../application/ports/read-store.port';

/** While above 0, plans are not checked: a test's own reads of what the app stored. */
let unplannedDepth = 0;

/**
 * The store as a test reads it to check what the app stored: its own queries need no index
 * (`refuseFullScans` holds the app's). Each call's SQL runs before it returns its promise.
 */
export function unplannedReads(store: ReadStore): ReadStore {
  const reads = new Set<string | symbol>(['find', 'findOne', 'count', 'countBefore', 'readMany']);
  return new Proxy(store, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (!reads.has(key) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        unplannedDepth += 1;
        try {
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        } finally {
          unplannedDepth -= 1;
        }
      };
    },
  });
}

/** A query that would read every document of a collection (`refuseFullScans`). */
export class FullScanError extends Error {
  constructor(
    readonly collection: string,
    readonly sql: string,
    readonly plan: readonly string[],
  ) {
    super(
      `A query of ${collection} reads the whole collection; declare an index it can use.\n` +
        `${sql}\n${plan.join('\n')}`,
    );
    this.name = 'FullScanError';
  }
}

/** What the check needs to know of a query besides its SQL. */
export interface PlannedQuery {
  collection: string;
  /** An admin's text search too short for its trigram index: it reads every document. */
  shortTextSearch: boolean;
}

/**
 * The embedded store's `refuseFullScans`: each distinct query's plan is read once, and one that
 * reads every row of a collection's table, or of a terms table, either straight
 * (`SCAN c:posts`) or through an index that covers nothing the query asks (`SCAN c:posts USING
 * INDEX …` with no limit to stop at), is refused. A count through a covering index reads the
 * index alone and is let through, and so are the collections of few documents.
 */
export class QueryPlanCheck {
  private readonly checked = new Set<string>();
  private readonly fewDocuments: ReadonlySet<string>;

  constructor(
    private readonly db: Database.Database,
    private readonly refuse: boolean,
    fewDocuments: readonly string[] = [],
  ) {
    this.fewDocuments = new Set(fewDocuments);
  }

  check(query: PlannedQuery, sql: string, params: readonly unknown[], limited: boolean): void {
    if (!this.refuse || unplannedDepth > 0 || this.checked.has(sql)) return;
    if (this.fewDocuments.has(query.collection) || query.shortTextSearch) return;
    const plan = (
      this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]
    ).map((row) => row.detail);
    const scans = plan.filter((detail) => {
      const scan = /^SCAN ([ct]:\S+)(?: USING (COVERING )?INDEX)?/.exec(detail);
      if (!scan) return false;
      if (!detail.includes(' USING ')) return true;
      return scan[2] === undefined && !limited;
    });
    if (scans.length > 0) throw new FullScanError(query.collection, sql, plan);
    this.checked.add(sql);
  }
}
