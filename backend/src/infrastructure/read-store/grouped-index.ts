import type { ReadDocument, Sort } from '../../application/ports/read-store.port';
import {
  compareKeyValues,
  declaredIndexKeys,
  type OrderKey,
  orderKeys,
  valueAt,
} from './bson-order';
import { isScalar } from './document-test';
import {
  type DocumentChange,
  type Held,
  type IndexQuery,
  type IndexWalk,
  SortedIndex,
  type WalkShape,
} from './sorted-index';

/**
 * An index whose first key is only ever matched by one value or a list of them (`authorId`), kept
 * as one small `SortedIndex` of the other keys per value, found by a hash lookup instead of a
 * search of the whole index. A query naming one value walks that value's index; a `$in` with a
 * sort merges the walks of its values in the query's order (`mergeInOrder`), so a page reads about
 * as many documents as it shows, however rare the values are along a board. That is MongoDB's
 * own plan for the same compound index (one index scan per value, merged: SORT_MERGE).
 *
 * A document whose first key holds an array or an embedded document has no group; while one is
 * held the index answers no query (MongoDB would match the array's elements).
 */
export class GroupedIndex<Doc extends ReadDocument = ReadDocument> {
  readonly field: string;
  readonly signature: string;
  private readonly path: readonly string[];
  /** An empty index on the other keys, whose keys every group shares. */
  private readonly rest: SortedIndex<Doc>;
  private readonly groups = new Map<unknown, SortedIndex<Doc>>();
  /** Ids of the documents whose first key is neither a scalar nor missing. */
  private readonly ungrouped = new Set<string>();

  constructor(keys: Sort) {
    const [first, ...rest] = declaredIndexKeys(keys);
    if (!first) throw new Error('A grouped index needs a first key to group by');
    this.field = first.field;
    this.path = first.path;
    this.rest = new SortedIndex<Doc>(
      Object.fromEntries(rest.map((key) => [key.field, key.direction])),
    );
    this.signature = groupedIndexSignature(keys);
  }

  load(documents: Iterable<Held<Doc>>): void {
    this.clear();
    const grouped = new Map<unknown, Held<Doc>[]>();
    for (const held of documents) {
      const value = this.groupOf(held.doc);
      if (value === UNGROUPED) {
        this.ungrouped.add(held.doc._id);
        continue;
      }
      const members = grouped.get(value);
      if (members) members.push(held);
      else grouped.set(value, [held]);
    }
    for (const [value, members] of grouped) {
      const group = new SortedIndex<Doc>(this.rest);
      group.load(members);
      this.groups.set(value, group);
    }
  }

  clear(): void {
    this.groups.clear();
    this.ungrouped.clear();
  }

  update(changes: Iterable<DocumentChange<Doc>>): void {
    const perGroup = new Map<unknown, DocumentChange<Doc>[]>();
    const add = (value: unknown, change: DocumentChange<Doc>) => {
      const id = (change.before ?? change.after)!._id;
      if (value === UNGROUPED) {
        if (change.after) this.ungrouped.add(id);
        else this.ungrouped.delete(id);
        return;
      }
      const list = perGroup.get(value);
      if (list) list.push(change);
      else perGroup.set(value, [change]);
    };
    for (const { before, after, held } of changes) {
      const from = before && this.groupOf(before);
      const to = after && this.groupOf(after);
      if (before && after && from === to) {
        add(from, { before, after, held });
        continue;
      }
      if (before) add(from, { before, after: null, held });
      if (after) add(to, { before: null, after, held });
    }
    for (const [value, list] of perGroup) {
      let group = this.groups.get(value);
      if (!group) {
        group = new SortedIndex<Doc>(this.rest);
        this.groups.set(value, group);
      }
      group.update(list);
      if (group.size === 0) this.groups.delete(value);
    }
  }

  /**
   * A query pinning the first key to one value walks that value's group, as a sorted index
   * would walk its range; a query that does not pin it gets null.
   */
  plan(query: IndexQuery): IndexWalk<Doc> | null {
    if (this.ungrouped.size > 0 || !query.equality.has(this.field)) return null;
    return this.walkOf(query.equality.get(this.field), this.planFor(query));
  }

  /**
   * For `{ [field]: { $in: values } }` with a sort: one walk per value that has documents, each
   * in the query's whole order, or null when a group cannot walk in that order. `keepGoing` is
   * told after each lookup how many values were looked up and how many documents they hold, and
   * gives up (false) once the walks are not worth finishing.
   */
  walksOf(
    values: readonly unknown[],
    query: IndexQuery,
    keepGoing: (looked: number, found: number) => boolean,
  ): IndexWalk<Doc>[] | null {
    if (this.ungrouped.size > 0) return null;
    // The groups share their keys, so the query's shape on them is worked out once.
    const plan = this.planFor(query);
    const walks: IndexWalk<Doc>[] = [];
    let found = 0;
    for (const [looked, value] of values.entries()) {
      const walk = this.walkOf(value, plan);
      if (!walk) return null;
      if (walk.rangeSize > 0) {
        walks.push(walk);
        found += walk.rangeSize;
      }
      if (!keepGoing(looked + 1, found)) return null;
    }
    return walks;
  }

  /** What every group's walk of the query shares: its shape on the groups' keys. */
  private planFor(query: IndexQuery): GroupPlan {
    const shape = this.rest.shapeOf(query);
    return {
      shape,
      coveredFields: [this.field, ...(shape?.coveredFields ?? [])],
      unordered: query.sort === undefined && query.after === undefined,
    };
  }

  private walkOf(value: unknown, plan: GroupPlan): IndexWalk<Doc> | null {
    const group = this.groups.get(value ?? null);
    if (!group) {
      return isScalar(value ?? null) ? emptyWalk([this.field]) : null;
    }
    const walk = plan.shape && group.walkAlong(plan.shape, plan.coveredFields);
    if (walk) return walk;
    if (!plan.unordered) return null;
    const everything = group.everything();
    return { ...everything, coveredFields: [this.field, ...everything.coveredFields] };
  }

  /** The document's value of the first key (null when missing), or UNGROUPED. */
  private groupOf(doc: Doc): unknown {
    const value = valueAt(doc, this.path) ?? null;
    return isScalar(value) ? value : UNGROUPED;
  }
}

const UNGROUPED = Symbol('ungrouped');

/** A query's walk of any group, worked out once for all of them. */
interface GroupPlan {
  /** Its shape on the groups' keys; null when they cannot walk it. */
  shape: WalkShape | null;
  /** The group's field, then what the shape's range guarantees. */
  coveredFields: readonly string[];
  /** Whether the query asks for no order (any group's whole walk then answers it). */
  unordered: boolean;
}

function emptyWalk<Doc>(coveredFields: readonly string[]): IndexWalk<Doc> {
  return {
    coveredFields,
    sortsTies: false,
    rangeSize: 0,
    documents: () => [],
    countAfter: () => 0,
  };
}

/**
 * The documents of several walks, each in the order of `sort` (then `_id`), merged in that
 * order. Lazy: a page stops reading when it is full.
 */
export function* mergeInOrder<Doc extends ReadDocument>(
  walks: readonly IndexWalk<Doc>[],
  sort: Sort | undefined,
): Generator<Doc> {
  const keys = orderKeys(sort);
  const heap: Head<Doc>[] = [];
  for (const walk of walks) {
    const rest = walk.documents()[Symbol.iterator]();
    const first = rest.next();
    if (!first.done) heap.push({ doc: first.value, values: valuesOf(first.value, keys), rest });
  }
  for (let i = (heap.length >>> 1) - 1; i >= 0; i -= 1) siftDown(heap, i, keys);
  while (heap.length > 0) {
    const top = heap[0]!;
    yield top.doc;
    const next = top.rest.next();
    if (next.done) {
      const last = heap.pop()!;
      if (heap.length === 0) return;
      heap[0] = last;
    } else {
      top.doc = next.value;
      top.values = valuesOf(next.value, keys);
    }
    siftDown(heap, 0, keys);
  }
}

interface Head<Doc> {
  doc: Doc;
  values: unknown[];
  rest: Iterator<Doc>;
}

function valuesOf(doc: ReadDocument, keys: readonly OrderKey[]): unknown[] {
  return keys.map((key) => valueAt(doc, key.path));
}

function siftDown<Doc>(heap: Head<Doc>[], from: number, keys: readonly OrderKey[]): void {
  const item = heap[from]!;
  let at = from;
  for (;;) {
    let child = at * 2 + 1;
    if (child >= heap.length) break;
    const right = child + 1;
    if (
      right < heap.length &&
      compareKeyValues(heap[right]!.values, heap[child]!.values, keys) < 0
    ) {
      child = right;
    }
    if (compareKeyValues(heap[child]!.values, item.values, keys) >= 0) break;
    heap[at] = heap[child]!;
    at = child;
  }
  heap[at] = item;
}

/** How a grouped index is saved with the store's file, told apart from the other kinds. */
export function groupedIndexSignature(keys: Sort): string {
  return JSON.stringify({ grouped: Object.entries(keys) });
}

/** The keys of a saved grouped index signature, or null for another kind's. */
export function groupedIndexKeys(signature: string): Sort | null {
  const saved = JSON.parse(signature) as unknown;
  if (saved === null || typeof saved !== 'object' || Array.isArray(saved)) return null;
  const grouped = (saved as { grouped?: unknown }).grouped;
  return Array.isArray(grouped) ? (Object.fromEntries(grouped) as Sort) : null;
}
