import {
  compareKeyValues,
  compareValues,
  orderKeys,
  valueAt,
} from '../../src/infrastructure/read-store/bson-order';
import type { ReadDocument } from '../../src/application/ports/read-store.port';
import type {
  Held,
  IndexQuery,
  IndexWalk,
  SortedIndex,
} from '../../src/infrastructure/read-store/sorted-index';

/** What the sorted index's specs hold: posts with a few keys, and what a walk of them must answer. */
export interface Post extends ReadDocument {
  listed?: boolean;
  boost?: number;
  rating?: number | null;
  at?: string;
}

export const post = (_id: string, fields: Omit<Post, '_id'> = {}): Post => ({ _id, ...fields });

/** Documents in holders of their own, as an index is loaded. */
export const holders = <Doc>(documents: readonly Doc[]): Held<Doc>[] =>
  documents.map((doc) => ({ doc }));

/** What an index walk must answer: the equality matches in sort order, after the position. */
export function expected(documents: readonly Post[], query: IndexQuery): string[] {
  const keys = orderKeys(query.sort);
  const after = query.after && keys.map((key) => query.after![key.field] ?? null);
  return documents
    .filter((doc) =>
      [...query.equality].every(([field, value]) => compareValues(doc[field], value) === 0),
    )
    .map((doc) => ({ id: doc._id, tuple: keys.map((key) => valueAt(doc, key.path)) }))
    .sort((a, b) => compareKeyValues(a.tuple, b.tuple, keys))
    .filter(({ tuple }) => !after || compareKeyValues(tuple, after, keys) > 0)
    .map(({ id }) => id);
}

/** The walk's documents that also meet the equalities it does not cover, as a store does. */
export function answer(plan: IndexWalk<Post>, query: IndexQuery): string[] {
  const uncovered = [...query.equality].filter(([field]) => !plan.coveredFields.includes(field));
  return [...plan.documents()]
    .filter((doc) => uncovered.every(([field, value]) => compareValues(doc[field], value) === 0))
    .map((doc) => doc._id);
}

export function walk(index: SortedIndex<Post>, query: IndexQuery): string[] {
  const plan = index.plan(query);
  if (!plan) throw new Error('the index should answer this query');
  return answer(plan, query);
}

export const equality = (fields: Record<string, unknown> = {}) => new Map(Object.entries(fields));
