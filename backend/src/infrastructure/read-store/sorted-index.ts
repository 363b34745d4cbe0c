import {
  compareValues,
  declaredIndexKeys,
  type OrderKey,
  pathHoldsArray,
  sameValuesAt,
  valueAt,
} from './bson-order';
import { ChunkedSequence } from './chunked-sequence';
import { type IndexQuery, type RangeWalk, walkShape, type WalkShape } from './walk-shape';

export type { IndexQuery, WalkShape } from './walk-shape';
import type { ReadDocument, Sort } from '../../application/ports/read-store.port';

/**
 * Where a stored document is held: its collection's map and every index entry for it share one
 * holder, and a new version of the document replaces `doc` in it. So a change that moves none of
 * an index's keys (a like, a comment count) costs that index nothing: its entry already holds
 * the document's holder, and a walk reads the new version from it.
 */
export interface Held<Doc> {
  doc: Doc;
}

/** The documents in these holders, in their order. */
export function* documentsOf<Doc>(holders: Iterable<Held<Doc>>): Generator<Doc> {
  for (const held of holders) yield held.doc;
}

interface Entry<Doc> {
  /** The document's value for each declared key, in key order. */
  values: unknown[];
  id: string;
  held: Held<Doc>;
  holdsArray: boolean;
}

export interface DocumentChange<Doc> {
  before: Doc | null;
  after: Doc | null;
  /**
   * The holder that held `before` and now holds `after` (or, with only one of them, the one
   * that holds it), when the index was given the same holder for the document: an entry whose
   * keys did not change then stays as it is. Without one, the entry is found and replaced.
   */
  held?: Held<Doc>;
}

/** How an index answers a query: a range of it, walked in the query's order. */
export interface IndexWalk<Doc> {
  /** Equality fields the range guarantees; the caller still tests every other condition. */
  coveredFields: readonly string[];
  /**
   * Whether documents that tie on the sort keys are gathered and put in `_id` order while
   * walking: cheap when ties are few, a sort of the whole range when the sort names no key.
   */
  sortsTies: boolean;
  /** Documents in the range, whatever `after` says. */
  rangeSize: number;
  /**
   * The range in the query's order, strictly after `after` when given. Lazy, so a page stops
   * reading when it is full; read it before the index changes again.
   */
  documents(): Iterable<Doc>;
  /** How many `documents()` yields: found by position when the index order is exact. */
  countAfter(): number;
}

/** A range of entries and how to walk it. */
interface WalkRange extends RangeWalk {
  low: number;
  high: number;
}

function count(items: Iterable<unknown>): number {
  let n = 0;
  for (const _ of items) n += 1;
  return n;
}

/**
 * A commit with more changes than this, and more than one per ENTRIES_PER_CHANGE entries,
 * rebuilds the entries in one pass instead of an insert or removal each (a replay commits
 * thousands of changes at once).
 */
const SPLICES_PER_COMMIT = 12;

/**
 * One insert or removal (two binary searches and a chunk's splice) costs about as much as a
 * rebuild spends on this many entries, as measured on a large index (docs/bench/history.md).
 */
const ENTRIES_PER_CHANGE = 200;

/**
 * A collection's documents kept sorted by an index's keys, then `_id` ascending, as documents
 * change, so an ordered query walks a range instead of sorting the collection. Entries hold the
 * documents' holders (`Held`): the store never mutates a stored document, it puts a new version
 * in its holder, so an entry's key values stay those of every version until the index moves it.
 * Entries are kept in chunks (`ChunkedSequence`) so that a small commit moves a chunk's entries,
 * not half of the collection's.
 *
 * An index that holds an array under one of its keys answers no query (MongoDB would match the
 * array's elements, which a sorted range cannot); queries then fall back to a scan.
 */
export class SortedIndex<Doc extends ReadDocument = ReadDocument> {
  readonly keys: readonly OrderKey[];
  /** The declared keys as text, to recognise an index declared again. */
  readonly signature: string;
  private entries = new ChunkedSequence<Entry<Doc>>();
  private entriesHoldingArrays = 0;

  /** An index on these keys, or an empty one sharing the keys of another index. */
  constructor(keys: Sort | SortedIndex<Doc>) {
    if (keys instanceof SortedIndex) {
      this.keys = keys.keys;
      this.signature = keys.signature;
      return;
    }
    this.keys = declaredIndexKeys(keys);
    this.signature = indexSignature(this.keys);
  }

  get size(): number {
    return this.entries.length;
  }

  /** Every document, in the index's order. */
  everything(): IndexWalk<Doc> {
    const range = { low: 0, high: this.size, backward: false, tiesFrom: 0, tiesTo: null };
    return {
      coveredFields: [],
      sortsTies: false,
      rangeSize: this.size,
      documents: () => this.walkRange({ ...range, idDirection: 1 }),
      countAfter: () => this.size,
    };
  }

  /** Replaces the content with these documents, sorted once. */
  load(documents: Iterable<Held<Doc>>): void {
    const entries = Array.from(documents, (held) => this.entryOf(held.doc, held));
    entries.sort((a, b) => this.compareEntries(a, b));
    this.entries = ChunkedSequence.from(entries);
    this.entriesHoldingArrays = entries.filter((entry) => entry.holdsArray).length;
  }

  clear(): void {
    this.entries = new ChunkedSequence();
    this.entriesHoldingArrays = 0;
  }

  /** Applies one commit's changes: each `before` leaves the index, each `after` enters it. */
  update(changes: Iterable<DocumentChange<Doc>>): void {
    const leaving: Entry<Doc>[] = [];
    const entering: Entry<Doc>[] = [];
    for (const { before, after, held } of changes) {
      // Keys unchanged (a like, a comment count) and the entry holds the document's holder: it
      // already reads the new version. Told from the documents, without entries built for them.
      if (
        before &&
        after &&
        held &&
        before._id === after._id &&
        sameValuesAt(before, after, this.keys)
      ) {
        continue;
      }
      const old = before && this.entryOf(before, held);
      const next = after && this.entryOf(after, held);
      if (old && next && old.id === next.id && this.compareEntries(old, next) === 0) {
        // Keys unchanged, without a holder (or an array came or went under one): the entry
        // stays where it is, with the new version.
        this.entries.replace(this.positionOf(old), next);
        this.entriesHoldingArrays += Number(next.holdsArray) - Number(old.holdsArray);
        continue;
      }
      if (old) leaving.push(old);
      if (next) entering.push(next);
    }
    const changed = leaving.length + entering.length;
    if (changed <= Math.max(SPLICES_PER_COMMIT, this.size / ENTRIES_PER_CHANGE)) {
      for (const entry of leaving) this.entries.remove(this.positionOf(entry));
      for (const entry of entering) {
        this.entries.insert(this.lowerBound(this.probeOf(entry)), entry);
      }
    } else {
      this.rebuildWith(leaving, entering);
    }
    for (const entry of leaving) if (entry.holdsArray) this.entriesHoldingArrays -= 1;
    for (const entry of entering) if (entry.holdsArray) this.entriesHoldingArrays += 1;
  }

  /**
   * How this index would answer the query, or null when it cannot. It can when the leading
   * keys it uses are equality fields of the filter and the sort continues with the next keys in
   * the index's directions or all reversed (a sort may stop before the last key; ties are then
   * put in `_id` order while walking). A query with no order needs at least one equality key.
   */
  plan(query: IndexQuery): IndexWalk<Doc> | null {
    const shape = this.shapeOf(query);
    return shape && this.walkAlong(shape);
  }

  /**
   * What `plan` works out from the keys and the query alone, before it looks at the entries:
   * the same for every index on these keys, so indexes that share them (a grouped index's
   * groups) work it out once per query and each walks along it (`walkAlong`).
   */
  shapeOf(query: IndexQuery): WalkShape | null {
    return walkShape(this.keys, query);
  }

  /**
   * This index's walk of a shape worked out for its keys (`shapeOf`), or null while it holds
   * an array under a key. `coveredFields` names what the walk guarantees when the caller
   * guarantees more (a grouped index: its group's value).
   */
  walkAlong(shape: WalkShape, coveredFields = shape.coveredFields): IndexWalk<Doc> | null {
    if (this.entriesHoldingArrays > 0) return null;
    const [low, high] = this.rangeOf(shape.prefix);
    const { backward, after, tiesFrom, tiesTo, idDirection } = shape.range;
    // Built whole, with its fields always in this order: walks read many of these.
    const range: WalkRange = { low, high, backward, after, tiesFrom, tiesTo, idDirection };
    if (!shape.ordered) {
      return {
        coveredFields,
        sortsTies: false,
        rangeSize: high - low,
        documents: () => this.walkRange(range),
        countAfter: () => high - low,
      };
    }
    return {
      coveredFields,
      sortsTies: range.tiesTo !== null,
      rangeSize: high - low,
      documents: () => this.walkRange(range),
      countAfter: () => {
        if (range.tiesTo !== null) return count(this.walkRange(range));
        const start = this.startOf(range);
        return range.backward ? start - low + 1 : high - start;
      },
    };
  }

  private *walkRange(range: WalkRange): Generator<Doc> {
    const { low, high, backward, tiesFrom, tiesTo } = range;
    const start = this.startOf(range);
    const [from, to] = backward ? [low, start + 1] : [start, high];
    if (tiesTo === null) {
      // Plain loops over each chunk's run: twice as fast as a generator of entries in between.
      const items = this.entries.onlyChunk();
      if (items) {
        // A small index (a grouped index's group): its one chunk, without a generator of runs.
        if (backward) for (let i = to - 1; i >= from; i -= 1) yield items[i].held.doc;
        else for (let i = from; i < to; i += 1) yield items[i].held.doc;
        return;
      }
      for (const { items, start: first, end } of this.entries.runs(from, to, backward)) {
        if (backward) for (let i = end - 1; i >= first; i -= 1) yield items[i].held.doc;
        else for (let i = first; i < end; i += 1) yield items[i].held.doc;
      }
      return;
    }
    let ties: Entry<Doc>[] = [];
    for (const entry of this.entries.values(from, to, backward)) {
      if (ties.length > 0 && !this.tie(ties[0], entry, tiesFrom, tiesTo)) {
        yield* this.orderedTies(ties, range);
        ties = [];
      }
      ties.push(entry);
    }
    if (ties.length > 0) yield* this.orderedTies(ties, range);
  }

  /** Entries that tie on the sort keys, in `_id` order, those up to `after` left out. */
  private orderedTies(ties: Entry<Doc>[], { after, idDirection }: WalkRange): Doc[] {
    if (after && this.compareWith(ties[0], after.values) === 0) {
      ties = ties.filter((entry) => compareValues(entry.id, after.id) * idDirection > 0);
    }
    return ties
      .sort((a, b) => compareValues(a.id, b.id) * idDirection)
      .map((entry) => entry.held.doc);
  }

  /** Where a walk of `range` starts (outside the range when nothing comes after `after`). */
  private startOf(range: WalkRange): number {
    const { low, high, backward, after, tiesTo } = range;
    if (after && tiesTo === null) {
      // The index order is the query's order down to `_id`: the position is exact.
      const probe = [...after.values, after.id];
      return backward ? this.lowerBound(probe, low, high) - 1 : this.upperBound(probe, low, high);
    }
    if (after) {
      // Start at the ties of the position's sort values; their `_id`s decide while walking.
      return backward
        ? this.upperBound(after.values, low, high) - 1
        : this.lowerBound(after.values, low, high);
    }
    return backward ? high - 1 : low;
  }

  private tie(a: Entry<Doc>, b: Entry<Doc>, from: number, to: number): boolean {
    for (let k = from; k < to; k += 1) {
      if (compareValues(a.values[k], b.values[k]) !== 0) return false;
    }
    return true;
  }

  /** The entry for a document, in its holder when it has one (a new holder otherwise). */
  private entryOf(doc: Doc, held: Held<Doc> = { doc }): Entry<Doc> {
    return {
      values: this.keys.map((key) => valueAt(doc, key.path)),
      id: doc._id,
      held,
      holdsArray: this.keys.some((key) => pathHoldsArray(doc, key.path)),
    };
  }

  /** An entry's position in the order: its key values, then its id. */
  private probeOf(entry: Entry<Doc>): unknown[] {
    return [...entry.values, entry.id];
  }

  private positionOf(entry: Entry<Doc>): number {
    const position = this.lowerBound(this.probeOf(entry));
    if (this.entries.at(position)?.id !== entry.id) {
      // Stored documents are never changed in place, so their key values cannot have moved.
      throw new Error(`Index ${this.signature} has lost document ${entry.id}`);
    }
    return position;
  }

  private compareEntries(a: Entry<Doc>, b: Entry<Doc>): number {
    for (let k = 0; k < this.keys.length; k += 1) {
      const difference = compareValues(a.values[k], b.values[k]);
      if (difference !== 0) return difference * this.keys[k].direction;
    }
    return compareValues(a.id, b.id);
  }

  /**
   * Compares an entry with a probe: the probe's first values against the entry's keys (each in
   * its direction) and, when the probe has one more value than there are keys, that one against
   * the entry's `_id`, ascending.
   */
  private compareWith(entry: Entry<Doc>, probe: readonly unknown[]): number {
    for (let k = 0; k < probe.length; k += 1) {
      if (k === this.keys.length) return compareValues(entry.id, probe[k]);
      const difference = compareValues(entry.values[k], probe[k]);
      if (difference !== 0) return difference * this.keys[k].direction;
    }
    return 0;
  }

  /**
   * The positions [low, high) of the entries that the probe's values match. When the first and
   * the last entries both match (a group whose posts are all listed), that is every entry, told
   * by two comparisons instead of two searches.
   */
  private rangeOf(probe: readonly unknown[]): [number, number] {
    const first = this.entries.first();
    if (first === undefined) return [0, 0];
    if (
      this.compareWith(first, probe) === 0 &&
      this.compareWith(this.entries.last()!, probe) === 0
    ) {
      return [0, this.size];
    }
    return [this.lowerBound(probe), this.upperBound(probe)];
  }

  /** The first position in [low, high) whose entry does not sort before the probe. */
  private lowerBound(probe: readonly unknown[], low?: number, high?: number): number {
    return this.entries.partitionPoint((entry) => this.compareWith(entry, probe) < 0, low, high);
  }

  /** The first position in [low, high) whose entry sorts after the probe. */
  private upperBound(probe: readonly unknown[], low?: number, high?: number): number {
    return this.entries.partitionPoint((entry) => this.compareWith(entry, probe) <= 0, low, high);
  }

  /**
   * One pass over the entries instead of an insert or removal per change: the entering entries'
   * places are found by binary search in the current entries, and the runs between them are
   * copied across into new chunks.
   */
  private rebuildWith(leaving: readonly Entry<Doc>[], entering: Entry<Doc>[]): void {
    const removed = leaving.map((entry) => this.positionOf(entry)).sort((a, b) => a - b);
    entering.sort((a, b) => this.compareEntries(a, b));
    const places = entering.map((entry) => this.lowerBound(this.probeOf(entry)));
    this.entries = this.entries.edited(removed, entering, places);
  }
}

export function indexSignature(keys: readonly OrderKey[]): string {
  return JSON.stringify(keys.map((key) => [key.field, key.direction]));
}
