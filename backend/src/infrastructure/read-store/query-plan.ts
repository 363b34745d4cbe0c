import type { Filter, ReadDocument, Sort } from '../../application/ports/read-store.port';
import { compareKeyValues, type OrderKey, orderKeys, valueAt } from './bson-order';
import { type DocumentTest, documentTest, isScalar, scalarInList } from './document-test';
import { GroupedIndex, mergeInOrder } from './grouped-index';
import { documentsOf, type Held, type IndexQuery, type IndexWalk } from './sorted-index';
import { type StoreIndex, TermIndex } from './term-index';

/**
 * How the embedded read store answers a query: which documents it reads, in which order, and
 * which conditions it still tests on each (see `EmbeddedReadStore`).
 */

/**
 * The documents a query reads, in its order, and the conditions left to test on each: the
 * documents its `_id` condition names (an id, or `$in` a list of them: a page's authors), the
 * documents a terms index finds for a condition on its field (the accounts whose names hold
 * the pieces of a search), the walks of a grouped index's values merged in order for an `$in`
 * on its first key with a sort, when that reads less than the best walk (a board page of the
 * posts of the authors a search matched), an index walk when one fits, the union of a few
 * equality ranges for an `$in` on an indexed field, else the whole
 * collection. Documents read outside an index walk are put in order here when the query asks
 * for one; with a `limit` (above 0), only the first `limit` of them are, and returned.
 */
export function planQuery(
  map: Map<string, Held<ReadDocument>> | undefined,
  indexes: readonly StoreIndex[] | undefined,
  filter: Filter,
  sort: Sort | undefined,
  after: Record<string, unknown> | undefined,
  limit = 0,
): {
  candidates: Iterable<ReadDocument>;
  query: DocumentTest | null;
  walk: IndexWalk<ReadDocument> | null;
} {
  if (!map) return { candidates: [], query: null, walk: null };
  const ordered = sort !== undefined || after !== undefined;
  // What every index is asked, worked out once: its equalities and the sort's keys.
  const asked: IndexQuery = {
    equality: plainEqualities(filter),
    sort,
    after,
    order: ordered ? orderKeys(sort) : undefined,
  };
  const ids = idDocuments(map, filter);
  // Documents named by id are read as they are: no index reads fewer.
  const walk = ids ? null : bestWalk(indexes, asked);
  const terms = ids ?? termDocuments(map, indexes, filter);
  const merged = !terms && ordered ? mergedWalks(map, indexes, filter, asked, walk, limit) : null;
  if (merged) {
    return {
      candidates: merged.documents,
      query: conditionsBesides(filter, merged.answered),
      walk: null,
    };
  }
  const union = terms ?? inListUnion(indexes, filter, walk, limit);
  if (union) {
    // The union holds exactly the documents that meet its condition: only the others are tested.
    const query = conditionsBesides(filter, union.answered);
    return ordered
      ? {
          candidates: sortedScan(union.documents, query, { sort, after, limit }),
          query: null,
          walk: null,
        }
      : { candidates: union.documents, query, walk: null };
  }
  if (walk) return { candidates: walk.documents(), query: conditionsLeft(filter, walk), walk };
  if (ordered) {
    return {
      candidates: sortedScan(documentsOf(map.values()), documentTest(filter), {
        sort,
        after,
        limit,
      }),
      query: null,
      walk: null,
    };
  }
  return { candidates: documentsOf(map.values()), query: documentTest(filter), walk: null };
}

/** Documents read instead of the collection: exactly those that meet the conditions on `answered`. */
interface Union {
  documents: ReadDocument[];
  answered: readonly string[];
}

/**
 * The documents the filter's condition on `_id` names, an id or `$in` a list of them, looked up
 * in the collection's map (the store's index on `_id`); null for any other condition on it.
 */
function idDocuments(map: Map<string, Held<ReadDocument>>, filter: Filter): Union | null {
  if (!Object.hasOwn(filter, '_id')) return null;
  const condition = filter._id;
  const ids = typeof condition === 'string' ? [condition] : scalarInList(condition);
  if (!ids) return null;
  const documents: ReadDocument[] = [];
  for (const id of ids) {
    // Ids are strings: another scalar in the list matches no document, as in MongoDB.
    const held = map.get(id as string);
    if (held) documents.push(held.doc);
  }
  return { documents, answered: ['_id'] };
}

/** The documents a terms index finds for the filter's condition on its field, or null. */
function termDocuments(
  map: Map<string, Held<ReadDocument>>,
  indexes: readonly StoreIndex[] | undefined,
  filter: Filter,
): Union | null {
  for (const index of indexes ?? []) {
    if (!(index instanceof TermIndex) || !Object.hasOwn(filter, index.field)) continue;
    const ids = index.candidates(filter[index.field]);
    if (ids)
      return { documents: Array.from(ids, (id) => map.get(id)!.doc), answered: [index.field] };
  }
  return null;
}

/**
 * Documents a merge reads for each value of its `$in` besides the ones it shows: the value's
 * lookup and its place among the merged walks cost about as much as reading that many along a
 * walk.
 */
const MERGE_COST_PER_VALUE = 4;

/**
 * For `field: { $in: [...] }` on the first key of a grouped index, in a sort its groups walk:
 * each value's walk merged in the query's order, when that reads fewer documents than the best
 * walk (or the collection) would to fill the page. The best walk reads about
 * `limit × rangeSize / u` documents to find `limit` of the `u` the values hold; the merge reads
 * `limit` of them after a lookup per value. Once RANGES_FORETELLING values are looked up, their
 * documents foretell `u`, and the merge is given up as soon as it is foretold to cost more.
 */
function mergedWalks(
  map: Map<string, Held<ReadDocument>>,
  indexes: readonly StoreIndex[] | undefined,
  filter: Filter,
  asked: IndexQuery,
  walk: IndexWalk<ReadDocument> | null,
  limit: number,
): { documents: Iterable<ReadDocument>; answered: readonly string[] } | null {
  const along = walk?.rangeSize ?? map.size;
  for (const index of indexes ?? []) {
    if (!(index instanceof GroupedIndex) || !Object.hasOwn(filter, index.field)) continue;
    const values = scalarInList(filter[index.field]);
    if (!values) continue;
    const worthIt = (looked: number, found: number) => {
      if (looked < RANGES_FORETELLING) return true;
      const foretold = (found / looked) * values.length;
      const shown = limit > 0 ? Math.min(limit, foretold) : foretold;
      const walking = limit > 0 ? Math.min(along, (limit * along) / Math.max(foretold, 1)) : along;
      return values.length * MERGE_COST_PER_VALUE + shown < walking;
    };
    const walks = index.walksOf(values, asked, worthIt);
    if (!walks) continue;
    return {
      documents: mergeInOrder(walks, asked.sort),
      answered: walks[0]?.coveredFields ?? [index.field],
    };
  }
  return null;
}

/**
 * For `field: { $in: [...] }` on the first key of an index: the documents of each value's
 * range, when together they are few and far fewer than the best walk would read. Each range
 * holds exactly the documents equal to its value, so together they answer the `$in`.
 */
function inListUnion(
  indexes: readonly StoreIndex[] | undefined,
  filter: Filter,
  walk: IndexWalk<ReadDocument> | null,
  limit: number,
): Union | null {
  if (!indexes) return null;
  const most = unionWorthReading(walk, limit);
  for (const field in filter) {
    if (!Object.hasOwn(filter, field)) continue;
    const values = scalarInList(filter[field]);
    if (!values) continue;
    for (const index of indexes) {
      const documents = rangesOf(index, field, values, most);
      if (documents && (!walk || documents.length * 4 < walk.rangeSize)) {
        return { documents, answered: [field] };
      }
    }
  }
  return null;
}

/**
 * The index walk that answers the query with the least work: one that needs no ties put in
 * order first, then the one whose equality range is smallest.
 */
function bestWalk(
  indexes: readonly StoreIndex[] | undefined,
  query: IndexQuery,
): IndexWalk<ReadDocument> | null {
  if (!indexes) return null;
  let best: IndexWalk<ReadDocument> | null = null;
  for (const index of indexes) {
    const walk = index.plan(query);
    if (
      walk &&
      (!best ||
        (best.sortsTies && !walk.sortsTies) ||
        (best.sortsTies === walk.sortsTies && walk.rangeSize < best.rangeSize))
    ) {
      best = walk;
    }
  }
  return best;
}

/** The filter's fields pinned to one scalar, which an index range can answer. */
function plainEqualities(filter: Filter): Map<string, unknown> {
  const equality = new Map<string, unknown>();
  for (const field in filter) {
    const value = filter[field];
    if (Object.hasOwn(filter, field) && !field.startsWith('$') && isScalar(value)) {
      equality.set(field, value);
    }
  }
  return equality;
}

/** Documents read through `$in` ranges at most; more read faster along a walk. */
const MAX_UNION = 2000;
/** Ranges looked up before their sizes so far foretell the whole union's. */
const RANGES_FORETELLING = 16;

/**
 * The most documents worth reading through `$in` ranges. For a page of `limit` along a walk:
 * when `u` of the walk's documents match, the walk reads about `limit × rangeSize / u` of them
 * to fill the page, fewer than the union's `u` once `u` passes √(limit × rangeSize).
 */
function unionWorthReading(walk: IndexWalk<ReadDocument> | null, limit: number): number {
  if (!walk || limit === 0) return MAX_UNION;
  return Math.min(MAX_UNION, Math.sqrt(limit * walk.rangeSize));
}

/**
 * The documents of `index` whose first key `field` holds one of `values`, or null when the
 * index cannot answer or they are more than `most`. Each range costs a search of the index:
 * once the ranges looked up foretell more than `most` in all, the rest are not looked up.
 */
function rangesOf(
  index: StoreIndex,
  field: string,
  values: readonly unknown[],
  most: number,
): ReadDocument[] | null {
  const documents: ReadDocument[] = [];
  for (const [looked, value] of values.entries()) {
    const range = index.plan({ equality: new Map([[field, value]]) });
    if (!range?.coveredFields.includes(field)) return null;
    const found = documents.length + range.rangeSize;
    if (found > most) return null;
    if (looked + 1 >= RANGES_FORETELLING && (found / (looked + 1)) * values.length > most) {
      return null;
    }
    for (const doc of range.documents()) documents.push(doc);
  }
  return documents;
}

/** What the walk does not guarantee, to test on each document; null when nothing is left. */
function conditionsLeft(filter: Filter, walk: IndexWalk<ReadDocument> | null): DocumentTest | null {
  return conditionsBesides(filter, walk?.coveredFields ?? []);
}

/** The filter's conditions on other fields than `answered`; null when none is left. */
function conditionsBesides(filter: Filter, answered: readonly string[]): DocumentTest | null {
  const left: Filter = {};
  for (const field in filter) {
    if (Object.hasOwn(filter, field) && !answered.includes(field)) left[field] = filter[field];
  }
  return documentTest(left);
}

interface Row {
  doc: ReadDocument;
  /** The document's values of the order's keys. */
  values: unknown[];
}

/**
 * The matching documents in sort order (then `_id`), strictly after `after` when given; with a
 * `limit` above 0, only the first `limit` of them (a page), kept in order as they are read
 * instead of sorting all.
 */
function sortedScan(
  documents: Iterable<ReadDocument>,
  test: DocumentTest | null,
  order: { sort: Sort | undefined; after: Record<string, unknown> | undefined; limit: number },
): ReadDocument[] {
  const keys = orderKeys(order.sort);
  const after = order.after;
  const position = after && keys.map((key) => after[key.field] ?? null);
  const rows: Row[] = [];
  for (const doc of documents) {
    if (test && !test.test(doc)) continue;
    const values = keys.map((key) => valueAt(doc, key.path));
    if (position && compareKeyValues(values, position, keys) <= 0) continue;
    if (order.limit > 0) keepFirst(rows, { doc, values }, keys, order.limit);
    else rows.push({ doc, values });
  }
  if (order.limit === 0) rows.sort((a, b) => compareKeyValues(a.values, b.values, keys));
  return rows.map((row) => row.doc);
}

/** Puts `row` in its place among the first `limit` rows, kept in order, when it is one of them. */
function keepFirst(rows: Row[], row: Row, keys: readonly OrderKey[], limit: number): void {
  const last = rows[rows.length - 1];
  if (rows.length === limit && compareKeyValues(row.values, last!.values, keys) >= 0) return;
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareKeyValues(rows[middle]!.values, row.values, keys) <= 0) low = middle + 1;
    else high = middle;
  }
  rows.splice(low, 0, row);
  if (rows.length > limit) rows.pop();
}
