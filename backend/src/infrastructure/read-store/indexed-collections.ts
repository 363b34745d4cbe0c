import type {
  Filter,
  FindOptions,
  IndexSpec,
  ReadDocument,
  ReadModelWrite,
  Sort,
} from '../../application/ports/read-store.port';
import { planQuery } from './query-plan';
import { type DocumentChange, type Held, SortedIndex } from './sorted-index';
import { type StoreIndex, TermIndex, termIndexField } from './term-index';
import { GroupedIndex, groupedIndexKeys } from './grouped-index';

/** A write with the document it keeps (frozen), null for a deletion. */
export interface PreparedWrite {
  write: ReadModelWrite;
  copy: ReadDocument | null;
}

/**
 * The embedded read store's documents in memory, by collection and id, with the indexes the
 * projections declared on them (`SortedIndex`, `GroupedIndex`, `TermIndex`), and the queries
 * over them (`query-plan.ts`). Documents are frozen and handed out as they are. Each is kept in
 * a holder (`Held`) that its indexes' entries share, and a new version replaces the document in
 * its holder, so an index whose keys a change leaves alone has nothing to do. What is here is
 * what the store's file holds: the store changes it only after the file has the change.
 */
export class IndexedCollections {
  private readonly collections = new Map<string, Map<string, Held<ReadDocument>>>();
  private readonly indexes = new Map<string, StoreIndex[]>();
  /**
   * Collections whose indexes a bulk commit has left behind: they are loaded from the
   * collection, sorted once, when a query next reads them (`indexesOf`).
   */
  private readonly staleIndexes = new Set<string>();

  /** A document read back from the store's file. */
  restore(collection: string, id: string, document: ReadDocument): void {
    this.collectionMap(collection).set(id, { doc: deepFreeze(document) });
  }

  /** An index saved with the store's file under this signature. */
  restoreIndex(collection: string, signature: string): void {
    this.addIndex(collection, savedIndex(signature));
  }

  /** Declares an index; answers its signature, or null when the collection has it already. */
  declareIndex(collection: string, spec: IndexSpec): string | null {
    // A text index is the SQLite store's; here a search tests every document, as before.
    if (spec.text) return null;
    const index = declaredIndex(spec);
    if (this.indexes.get(collection)?.some((known) => known.signature === index.signature)) {
      return null;
    }
    this.addIndex(collection, index);
    return index.signature;
  }

  findOne(collection: string, filter: Filter): ReadDocument | null {
    const map = this.collections.get(collection);
    if (!map) return null;
    // The common case, a lookup by id, needs no scan.
    if (Object.keys(filter).length === 1 && typeof filter._id === 'string') {
      return map.get(filter._id)?.doc ?? null;
    }
    const { candidates, query } = this.plan(collection, filter, undefined, undefined, 1);
    for (const doc of candidates) if (!query || query.test(doc)) return doc;
    return null;
  }

  find(collection: string, filter: Filter, options: FindOptions = {}): ReadDocument[] {
    const { sort, after, skip = 0, limit = 0 } = options;
    // Documents put in order outside an index walk are ordered only as far as the page needs.
    const first = limit > 0 ? skip + limit : 0;
    const { candidates, query } = this.plan(collection, filter, sort, after, first);
    const found: ReadDocument[] = [];
    let skipped = 0;
    for (const doc of candidates) {
      if (query && !query.test(doc)) continue;
      if (skipped < skip) {
        skipped += 1;
        continue;
      }
      found.push(doc);
      if (found.length === limit) break;
    }
    return found;
  }

  count(
    collection: string,
    filter: Filter,
    sort: Sort | undefined,
    after: Record<string, unknown> | undefined,
  ): number {
    const { candidates, query, walk } = this.plan(collection, filter, sort, after);
    if (walk && !query) return walk.countAfter();
    let n = 0;
    for (const doc of candidates) if (!query || query.test(doc)) n += 1;
    return n;
  }

  /**
   * Applies a committed batch of writes. Indexes follow each document's net change, unless
   * `bulk`: then the indexes of the collections written are left behind, to be sorted once
   * when next read.
   */
  apply(prepared: readonly PreparedWrite[], bulk: boolean): void {
    if (bulk) {
      for (const { write } of prepared) {
        if (this.indexes.has(write.collection)) this.staleIndexes.add(write.collection);
      }
    }
    const indexedChanges = new Map<string, Map<string, DocumentChange<ReadDocument>>>();
    for (const { write, copy } of prepared) {
      const map = this.collectionMap(write.collection);
      const id = write.kind === 'upsert' ? write.document._id : write.id;
      let change: DocumentChange<ReadDocument> | undefined;
      if (this.indexes.has(write.collection) && !this.staleIndexes.has(write.collection)) {
        // Net change per document: the index holds what was there before this commit.
        let changes = indexedChanges.get(write.collection);
        if (!changes) {
          changes = new Map();
          indexedChanges.set(write.collection, changes);
        }
        change = changes.get(id);
        if (!change) {
          const held = map.get(id);
          change = { before: held?.doc ?? null, after: null, held };
          changes.set(id, change);
        }
      }
      // A document deleted and written again in one commit keeps its holder, as its entries do.
      let held = change ? change.held : map.get(id);
      if (copy) {
        if (held) held.doc = copy;
        else held = { doc: copy };
        map.set(id, held);
      } else {
        map.delete(id);
      }
      if (change) {
        change.after = copy;
        change.held = held;
      }
    }
    for (const [collection, changes] of indexedChanges) {
      for (const index of this.indexes.get(collection)!) index.update(changes.values());
    }
  }

  /**
   * A rebuild's swap: the collection emptied, with these indexes alone (its rebuilt documents
   * are applied next, as a bulk commit's).
   */
  replaceCollection(collection: string, indexes: readonly IndexSpec[]): void {
    this.collections.delete(collection);
    this.staleIndexes.delete(collection);
    this.indexes.delete(collection);
    for (const spec of indexes) this.declareIndex(collection, spec);
  }

  /**
   * An online rebuild's swap: the collection, documents and indexes, as `source` holds it
   * (which must not change it afterwards), in one step.
   */
  takeCollection(collection: string, source: IndexedCollections): void {
    this.collections.set(collection, source.collections.get(collection) ?? new Map());
    const indexes = source.indexes.get(collection);
    if (indexes) this.indexes.set(collection, indexes);
    else this.indexes.delete(collection);
    if (source.staleIndexes.has(collection)) this.staleIndexes.add(collection);
    else this.staleIndexes.delete(collection);
  }

  /** The collections that hold documents or indexes. */
  collectionNames(): string[] {
    return [...new Set([...this.collections.keys(), ...this.indexes.keys()])];
  }

  /** The collection's documents gone; its indexes are kept, emptied. */
  clearCollection(collection: string): void {
    this.collections.delete(collection);
    this.staleIndexes.delete(collection);
    for (const index of this.indexes.get(collection) ?? []) index.clear();
  }

  /** No documents left; the indexes are kept (the projections declared them), emptied. */
  clear(): void {
    this.collections.clear();
    this.staleIndexes.clear();
    for (const indexes of this.indexes.values()) for (const index of indexes) index.clear();
  }

  private plan(
    collection: string,
    filter: Filter,
    sort: Sort | undefined,
    after: Record<string, unknown> | undefined,
    limit = 0,
  ) {
    return planQuery(
      this.collections.get(collection),
      this.indexesOf(collection),
      filter,
      sort,
      after,
      limit,
    );
  }

  /** The collection's indexes, in order (loaded first if a bulk commit left them behind). */
  private indexesOf(collection: string): StoreIndex[] | undefined {
    const indexes = this.indexes.get(collection);
    if (indexes && this.staleIndexes.delete(collection)) {
      const documents = [...(this.collections.get(collection)?.values() ?? [])];
      for (const index of indexes) index.load(documents);
    }
    return indexes;
  }

  private addIndex(collection: string, index: StoreIndex): void {
    index.load(this.collections.get(collection)?.values() ?? []);
    this.indexes.set(collection, [...(this.indexes.get(collection) ?? []), index]);
  }

  private collectionMap(name: string): Map<string, Held<ReadDocument>> {
    let map = this.collections.get(name);
    if (!map) {
      map = new Map();
      this.collections.set(name, map);
    }
    return map;
  }
}

/**
 * Stored documents are frozen and handed out as they are: readers share them without a copy
 * per read (a board page would otherwise clone every post it shows), and a reader that tried
 * to change one would fail loudly instead of changing the store behind its back.
 */
export function frozenCopy(document: ReadDocument): ReadDocument {
  return deepFreeze(structuredClone(document));
}

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    // No array of values per object: a rebuild freezes hundreds of thousands of documents.
    if (Array.isArray(value)) {
      for (const child of value as unknown[]) deepFreeze(child);
    } else {
      for (const key in value) if (Object.hasOwn(value, key)) deepFreeze(value[key]);
    }
    Object.freeze(value);
  }
  return value;
}

/** The signature an index is saved under with the store's file. */
export function indexSignature(spec: IndexSpec): string {
  return declaredIndex(spec).signature;
}

/** The index a projection declares. */
function declaredIndex({ keys, terms, grouped }: IndexSpec): StoreIndex {
  if (terms) return new TermIndex(Object.keys(keys)[0]!);
  return grouped ? new GroupedIndex(keys) : new SortedIndex(keys);
}

/** The index saved with the store's file under this signature. */
function savedIndex(signature: string): StoreIndex {
  const grouped = groupedIndexKeys(signature);
  if (grouped) return new GroupedIndex(grouped);
  const terms = termIndexField(signature);
  if (terms) return new TermIndex(terms);
  return new SortedIndex(Object.fromEntries(JSON.parse(signature) as [string, 1 | -1][]));
}
