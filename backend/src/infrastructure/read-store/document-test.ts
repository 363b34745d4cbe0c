import { Query } from 'mingo';
import type { Filter, ReadDocument } from '../../application/ports/read-store.port';

/** What a query still tests on each document it reads. */
export interface DocumentTest {
  test(document: ReadDocument): boolean;
}

/**
 * The filter as a test of documents, answering as mingo answers it. The conditions boards and
 * searches test on every document they read, a field equal to a scalar or `$in` a list of
 * scalars, are tested by a comparison or a Set lookup: mingo's `$in` builds a hash map of the
 * whole list for each document (a search lists every author it matched). A `$regex` (with the
 * `$options` i, m, s, u at most) is tested by one RegExp, and an `$or` whose branches hold only
 * such conditions by trying its branches in turn: a name search is one, and building a mingo
 * query copies mingo's table of operators each time (most of the search's own time, in a
 * profile). A document whose field holds an array or an embedded document is left to mingo
 * even then, as MongoDB matches an array by its elements; so are dotted paths and every other
 * operator. Null when the filter has no condition.
 */
export function documentTest(filter: Filter): DocumentTest | null {
  const fieldTests: ((document: ReadDocument) => boolean)[] = [];
  const others: Filter = {};
  let anyOther = false;
  for (const field in filter) {
    if (!Object.hasOwn(filter, field)) continue;
    const condition = filter[field];
    const test = field === '$or' ? anyBranchTest(condition) : scalarFieldTest(field, condition);
    if (test) fieldTests.push(test);
    else {
      others[field] = condition;
      anyOther = true;
    }
  }
  const query = anyOther ? new Query(others) : null;
  if (fieldTests.length === 0) return query;
  return {
    test: (document) =>
      fieldTests.every((test) => test(document)) && (query === null || query.test(document)),
  };
}

/** A value an index range or a Set can answer equality on: null, a boolean, string or number. */
export function isScalar(value: unknown): value is null | boolean | string | number {
  return (
    value === null ||
    typeof value === 'boolean' ||
    typeof value === 'string' ||
    (typeof value === 'number' && !Number.isNaN(value))
  );
}

const SHORT_LIST = 32;

/** The distinct values of `{ $in: [...] }` when they are all scalars; else null. */
export function scalarInList(condition: unknown): unknown[] | null {
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) return null;
  const values = (condition as { $in?: unknown }).$in;
  if (Object.keys(condition).length !== 1 || !Array.isArray(values)) return null;
  if (!values.every(isScalar)) return null;
  // A short list (a page's authors) is deduplicated in place of a Set built for it.
  if (values.length > SHORT_LIST) return [...new Set(values)];
  return values.filter((value, index) => values.indexOf(value) === index);
}

/**
 * The test of `$or` branches that each hold only conditions `scalarFieldTest` answers, or null
 * when mingo is to answer them (an empty branch, which mingo matches to everything, included).
 */
function anyBranchTest(branches: unknown): ((document: ReadDocument) => boolean) | null {
  if (!Array.isArray(branches) || branches.length === 0) return null;
  const compiled: ((document: ReadDocument) => boolean)[][] = [];
  for (const branch of branches as unknown[]) {
    if (branch === null || typeof branch !== 'object' || Array.isArray(branch)) return null;
    const tests: ((document: ReadDocument) => boolean)[] = [];
    for (const [field, condition] of Object.entries(branch)) {
      const test = scalarFieldTest(field, condition);
      if (!test) return null;
      tests.push(test);
    }
    if (tests.length === 0) return null;
    compiled.push(tests);
  }
  return (document) => compiled.some((tests) => tests.every((test) => test(document)));
}

/** The test of a top-level field's scalar condition, or null when mingo is to answer it. */
function scalarFieldTest(
  field: string,
  condition: unknown,
): ((document: ReadDocument) => boolean) | null {
  if (field.startsWith('$') || field.includes('.')) return null;
  const matches = scalarMatch(condition);
  if (!matches) return null;
  let whole: Query | null = null;
  return (document) => {
    const value = document[field];
    if (value !== null && typeof value === 'object') {
      whole ??= new Query({ [field]: condition });
      return whole.test(document);
    }
    return matches(value);
  };
}

/** How a scalar field value (or a missing one) meets the condition, or null. */
function scalarMatch(condition: unknown): ((value: unknown) => boolean) | null {
  // A null condition matches a missing field too.
  if (condition === null) return (value) => value === null || value === undefined;
  if (isScalar(condition)) return (value) => value === condition;
  const pattern = regexOf(condition);
  // As mingo and MongoDB: only a string matches a pattern.
  if (pattern) return (value) => typeof value === 'string' && pattern.test(value);
  const values = scalarInList(condition);
  if (!values || values.includes(null)) return null;
  const set = new Set(values);
  return (value) => set.has(value);
}

/**
 * The RegExp of `{ $regex: "…", $options: "…" }` as mingo builds it, when its flags are among
 * i, m, s and u (a global or sticky one would carry its position from one test to the next);
 * else null.
 */
function regexOf(condition: unknown): RegExp | null {
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) return null;
  const { $regex: source, $options: flags = '', ...rest } = condition as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof source !== 'string') return null;
  if (typeof flags !== 'string' || !/^[imsu]*$/.test(flags)) return null;
  try {
    return new RegExp(source, flags);
  } catch {
    // Left to mingo, which refuses it as it would have.
    return null;
  }
}
