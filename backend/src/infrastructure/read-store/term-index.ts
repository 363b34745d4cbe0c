import type { ReadDocument } from '../../application/ports/read-store.port';
import type { GroupedIndex } from './grouped-index';
import type { DocumentChange, Held, IndexWalk, SortedIndex } from './sorted-index';

/** An index the embedded store keeps: sorted by keys, sorted per value of its first key, or of terms. */
export type StoreIndex = SortedIndex | GroupedIndex | TermIndex;

/**
 * An index of the strings held in one array field (an `IndexSpec` with `terms`): each term
 * finds the ids of the documents holding it, so `{ field: { $all: [...] } }` reads the
 * documents of its rarest term instead of the collection, `{ field: { $in: [...] } }` those of
 * its terms, and `{ field: { $elemMatch: { $gte, $lt } } }` the documents of the terms in that
 * range. A document whose field holds no array
 * of strings is left out of it, as MongoDB's multikey index would leave out a document with no
 * such terms (it cannot match either condition).
 */
export class TermIndex {
  readonly signature: string;
  private readonly postings = new Postings();
  /** The terms in order, for ranges; rebuilt when a range is asked after terms came or went. */
  private sortedTerms: string[] | null = [];

  constructor(readonly field: string) {
    this.signature = termIndexSignature(field);
  }

  load(documents: Iterable<Held<ReadDocument>>): void {
    this.clear();
    for (const { doc } of documents) this.add(doc);
  }

  clear(): void {
    this.postings.clear();
    this.sortedTerms = [];
  }

  update(changes: Iterable<DocumentChange<ReadDocument>>): void {
    for (const { before, after } of changes) {
      if (before) this.remove(before);
      if (after) this.add(after);
    }
  }

  /** A terms index walks no ordered range. */
  plan(): IndexWalk<ReadDocument> | null {
    return null;
  }

  /**
   * The ids of the documents whose field meets `condition`, or null when this index cannot
   * answer it. They are exactly those: a document holds every string of an `$all`, one of an
   * `$in`, or one string in an `$elemMatch` range, when its terms do, so the store tests the
   * condition on none of them again.
   */
  candidates(condition: unknown): Set<string> | null {
    const all = stringsOf(condition, '$all');
    if (all && all.length > 0) return this.holdingAll(all);
    const any = stringsOf(condition, '$in');
    if (any) return this.holdingOne(any);
    const range = rangeOf(condition);
    return range ? this.holdingOneIn(range.low, range.high) : null;
  }

  private holdingAll(terms: readonly string[]): Set<string> {
    const sorted = [...terms].sort((a, b) => this.postings.count(a) - this.postings.count(b));
    const [rarest, ...others] = sorted;
    const ids = new Set<string>();
    for (const id of this.postings.ids(rarest!)) {
      if (others.every((term) => this.postings.holds(term, id))) ids.add(id);
    }
    return ids;
  }

  private holdingOne(terms: readonly string[]): Set<string> {
    const ids = new Set<string>();
    for (const term of terms) for (const id of this.postings.ids(term)) ids.add(id);
    return ids;
  }

  private holdingOneIn(low: string, high: string): Set<string> {
    this.sortedTerms ??= [...this.postings.terms()].sort(compareUnits);
    const terms = this.sortedTerms;
    let i = lowerBound(terms, low);
    const ids = new Set<string>();
    for (; i < terms.length && terms[i]! < high; i += 1) {
      for (const id of this.postings.ids(terms[i]!)) ids.add(id);
    }
    return ids;
  }

  private add(doc: ReadDocument): void {
    for (const term of termsOf(doc[this.field])) {
      if (this.postings.add(term, doc._id)) this.sortedTerms = null;
    }
  }

  private remove(doc: ReadDocument): void {
    for (const term of termsOf(doc[this.field])) {
      if (this.postings.remove(term, doc._id)) this.sortedTerms = null;
    }
  }
}

/** JavaScript's Map holds at most 2^24 entries: the terms are spread over this many maps. */
const SHARDS = 16;

/**
 * Each term's documents: the id itself while one document holds the term (most of a
 * fingerprint's bands), a set from the second on.
 */
class Postings {
  private readonly shards = Array.from(
    { length: SHARDS },
    () => new Map<string, string | Set<string>>(),
  );

  clear(): void {
    for (const shard of this.shards) shard.clear();
  }

  *terms(): Iterable<string> {
    for (const shard of this.shards) yield* shard.keys();
  }

  ids(term: string): Iterable<string> {
    const held = this.shardOf(term).get(term);
    return held === undefined ? EMPTY : typeof held === 'string' ? [held] : held;
  }

  count(term: string): number {
    const held = this.shardOf(term).get(term);
    return held === undefined ? 0 : typeof held === 'string' ? 1 : held.size;
  }

  holds(term: string, id: string): boolean {
    const held = this.shardOf(term).get(term);
    return held === id || (typeof held === 'object' && held.has(id));
  }

  /** Files `id` under `term`; whether the term is new. */
  add(term: string, id: string): boolean {
    const shard = this.shardOf(term);
    const held = shard.get(term);
    if (held === undefined) shard.set(term, id);
    else if (typeof held === 'string') {
      if (held !== id) shard.set(term, new Set([held, id]));
    } else held.add(id);
    return held === undefined;
  }

  /** Takes `id` off `term`; whether the term is gone. */
  remove(term: string, id: string): boolean {
    const shard = this.shardOf(term);
    const held = shard.get(term);
    if (held === undefined) return false;
    if (typeof held === 'object') {
      held.delete(id);
      if (held.size > 1) return false;
      const [left] = held;
      if (left !== undefined) {
        shard.set(term, left);
        return false;
      }
    } else if (held !== id) return false;
    shard.delete(term);
    return true;
  }

  private shardOf(term: string): Map<string, string | Set<string>> {
    let hash = 0;
    for (let i = Math.max(0, term.length - 4); i < term.length; i++) {
      hash = (hash * 31 + term.charCodeAt(i)) | 0;
    }
    return this.shards[(hash >>> 0) % SHARDS]!;
  }
}

const EMPTY: ReadonlySet<string> = new Set();

/** How a terms index is saved with the store's file, told apart from a sorted one's keys. */
export function termIndexSignature(field: string): string {
  return JSON.stringify([[field, 'terms']]);
}

/** The field of a saved terms index signature, or null for a sorted index's keys. */
export function termIndexField(signature: string): string | null {
  const keys = JSON.parse(signature) as [string, unknown][];
  return keys.length === 1 && keys[0]![1] === 'terms' ? keys[0]![0] : null;
}

function termsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((term) => typeof term === 'string') : [];
}

/** The strings of `{ [operator]: [strings] }` and nothing else, or null. */
function stringsOf(condition: unknown, operator: string): string[] | null {
  if (condition === null || typeof condition !== 'object') return null;
  const keys = Object.keys(condition);
  const values = (condition as Record<string, unknown>)[operator];
  if (keys.length !== 1 || !Array.isArray(values)) return null;
  return values.every((value) => typeof value === 'string') ? values : null;
}

/** `{ $elemMatch: { $gte: low, $lt: high } }` with strings, and nothing else, or null. */
function rangeOf(condition: unknown): { low: string; high: string } | null {
  if (condition === null || typeof condition !== 'object') return null;
  const keys = Object.keys(condition);
  const match = (condition as { $elemMatch?: unknown }).$elemMatch;
  if (keys.length !== 1 || match === null || typeof match !== 'object') return null;
  const { $gte: low, $lt: high, ...rest } = match as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof low !== 'string' || typeof high !== 'string') {
    return null;
  }
  return { low, high };
}

/** UTF-16 unit order, as `<` compares strings. */
function compareUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
