import { Query } from 'mingo';
import { checkSortedIn } from '../../application/ports/read-queries';
import type { Filter, FindOptions, IndexSpec, Sort } from '../../application/ports/read-store.port';
import type { PlannedQuery } from './query-plan-check';
import {
  type CollectionTables,
  SqliteSchema,
  ident,
  isKeyScalar,
  keyColumn,
  keyExpression,
  keyValue,
  wellFormedParams,
} from './sqlite-schema';

/** A condition in SQL with its parameters. */
interface Sql {
  text: string;
  params: unknown[];
}

/**
 * A filter in SQL: `where` holds what SQLite can decide exactly (through the collection's
 * indexes where they fit), `rest` what is left for mingo to test on each row read (null when
 * nothing is). With a `rest`, the rows `where` selects are a superset, read in order.
 */
export interface TranslatedFilter {
  where: Sql;
  rest: Filter | null;
  /**
   * A search of a text index's field too short for its trigrams (under three characters): it
   * reads every document, which the text index's declaration says (an admin's list search).
   */
  shortTextSearch?: true;
}

/** The lowest text and the lowest blob: bounds that keep a comparison within one type. */
const TEXT_FLOOR = '';
const BLOB_FLOOR = Buffer.alloc(0);

const RANGE_OPERATORS: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

/**
 * Translates a MongoDB filter as far as SQLite can decide it exactly: `_id`; a field with a key
 * column compared with scalars (`=`, `$in`, `$ne`, `$gt`…`$lte`, within its type as MongoDB
 * compares); a terms field with `$in`, `$all` or `$elemMatch` of a string range; `$and`, and an
 * `$or` whose branches translate whole. A field without a key column is left to mingo: MongoDB
 * matches an array by its elements, which only a declared index rules out.
 */
export function translateFilter(
  filter: Filter,
  tables: CollectionTables | undefined,
): TranslatedFilter {
  const parts: Sql[] = [];
  const rest: Filter = {};
  let anyRest = false;
  let shortTextSearch = false;
  /** Conditions that only narrow (a text index's): asked of SQL when nothing else narrows. */
  const narrowing: Sql[] = [];
  const keep = (field: string, condition: unknown) => {
    if (field === '$and' && Array.isArray(rest.$and) && Array.isArray(condition)) {
      rest.$and = [...(rest.$and as unknown[]), ...condition];
    } else rest[field] = condition;
    anyRest = true;
  };
  for (const field of Object.keys(filter)) {
    const condition = filter[field];
    if (field === '$and' && Array.isArray(condition)) {
      const left: Filter[] = [];
      for (const branch of condition as Filter[]) {
        const translated = translateFilter(branch, tables);
        parts.push(translated.where);
        if (translated.rest) left.push(translated.rest);
        if (translated.shortTextSearch) shortTextSearch = true;
      }
      if (left.length > 0) keep('$and', left);
      continue;
    }
    if (field === '$or' && Array.isArray(condition)) {
      const branches = (condition as Filter[]).map((branch) => translateFilter(branch, tables));
      if (branches.some((branch) => branch.shortTextSearch)) shortTextSearch = true;
      // Each branch narrowed (or decided) by SQL: their union narrows the whole.
      if (branches.length > 0 && branches.every((branch) => branch.where.text !== '1')) {
        const union = joined(
          branches.map((branch) => branch.where),
          'OR',
        );
        if (branches.every((branch) => branch.rest === null)) parts.push(union);
        else narrowing.push(union);
      }
      if (branches.length === 0 || branches.some((branch) => branch.rest !== null)) {
        keep(field, condition);
      }
      continue;
    }
    const translated = translateField(field, condition, tables);
    if (translated) (translated.exact ? parts : narrowing).push(translated.sql);
    if (!translated?.exact) keep(field, condition);
    if (!translated && tables?.text?.fields.has(field)) shortTextSearch = true;
  }
  // A name search's pieces already narrow to a few documents: a text index would add a trigram
  // query per field for nothing.
  if (parts.length === 0) parts.push(...narrowing);
  return {
    where: joined(parts, 'AND'),
    rest: anyRest ? rest : null,
    ...(shortTextSearch ? { shortTextSearch: true as const } : {}),
  };
}

function joined(parts: readonly Sql[], operator: 'AND' | 'OR'): Sql {
  if (parts.length === 0) return { text: operator === 'AND' ? '1' : '0', params: [] };
  if (parts.length === 1) return parts[0]!;
  return {
    text: parts.map((part) => `(${part.text})`).join(` ${operator} `),
    params: parts.flatMap((part) => part.params),
  };
}

function isOperatorObject(condition: unknown): condition is Record<string, unknown> {
  return (
    typeof condition === 'object' &&
    condition !== null &&
    !Array.isArray(condition) &&
    Object.keys(condition).length > 0 &&
    Object.keys(condition).every((key) => key.startsWith('$'))
  );
}

/** A field's condition in SQL: deciding it (`exact`), or narrowing what mingo then tests. */
function translateField(
  field: string,
  condition: unknown,
  tables: CollectionTables | undefined,
): { sql: Sql; exact: boolean } | null {
  if (field.startsWith('$')) return null;
  const exact = (sql: Sql | null) => (sql ? { sql, exact: true } : null);
  if (field === '_id') return exact(translateId(condition));
  if (tables?.keys.has(field)) return exact(translateKey(keyColumn(field), condition));
  const terms = tables?.terms.get(field);
  if (terms) return exact(translateTerms(ident(terms), condition));
  if (tables?.text?.fields.has(field)) {
    const sql = narrowText(ident(tables.text.table), field, condition);
    return sql ? { sql, exact: false } : null;
  }
  return null;
}

/** Characters a regular expression reads as more than themselves. */
const REGEX_SPECIAL = new Set('.*+?^${}()|[]\\');

/**
 * A case-insensitive "contains" of a literal of three characters or more, narrowed to the
 * documents whose field holds the literal's trigrams (the trigram table folds case).
 */
function narrowText(table: string, field: string, condition: unknown): Sql | null {
  if (!isOperatorObject(condition) || typeof condition.$regex !== 'string') return null;
  if (Object.keys(condition).some((key) => key !== '$regex' && key !== '$options')) return null;
  if (typeof condition.$options !== 'string' || !condition.$options.includes('i')) return null;
  const text = regexLiteral(condition.$regex);
  if (text === null || [...text].length < 3) return null;
  return {
    text: `rid IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?)`,
    params: [`${ident(field)} : "${text.replaceAll('"', '""')}"`],
  };
}

/** The text a regular expression of escaped characters alone matches, or null for another. */
function regexLiteral(pattern: string): string | null {
  let text = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i]!;
    if (char === '\\') {
      const next = pattern[i + 1];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return null;
      text += next;
      i += 1;
    } else if (REGEX_SPECIAL.has(char)) return null;
    else text += char;
  }
  return text;
}

/** Ids are strings: a condition with another type matches nothing, as in MongoDB. */
function translateId(condition: unknown): Sql | null {
  if (typeof condition === 'string') return { text: 'id = ?', params: [condition] };
  if (!isOperatorObject(condition)) return null;
  const parts: Sql[] = [];
  for (const [operator, value] of Object.entries(condition)) {
    if (operator === '$in' && Array.isArray(value)) {
      const ids = [...new Set(value.filter((id): id is string => typeof id === 'string'))];
      parts.push(
        ids.length === 0
          ? { text: '0', params: [] }
          : { text: `id IN (${ids.map(() => '?').join(', ')})`, params: ids },
      );
    } else if (operator === '$ne' && typeof value === 'string') {
      parts.push({ text: 'id != ?', params: [value] });
    } else if (RANGE_OPERATORS[operator] && typeof value === 'string') {
      parts.push({ text: `id ${RANGE_OPERATORS[operator]} ?`, params: [value] });
    } else return null;
  }
  return joined(parts, 'AND');
}

/** A key column against scalars, each comparison within its value's type. */
function translateKey(column: string, condition: unknown): Sql | null {
  if (isKeyScalar(condition)) return { text: `${column} = ?`, params: [keyValue(condition)] };
  if (!isOperatorObject(condition)) return null;
  const parts: Sql[] = [];
  for (const [operator, value] of Object.entries(condition)) {
    if (operator === '$in' && Array.isArray(value) && value.every(isKeyScalar)) {
      const values = [...new Set(value.map(keyValue))];
      parts.push(
        values.length === 0
          ? { text: '0', params: [] }
          : { text: `${column} IN (${values.map(() => '?').join(', ')})`, params: values },
      );
    } else if (operator === '$nin' && Array.isArray(value) && value.every(isKeyScalar)) {
      const values = [...new Set(value.map(keyValue))];
      if (values.length > 0) {
        parts.push({
          text: `${column} NOT IN (${values.map(() => '?').join(', ')})`,
          params: values,
        });
      }
    } else if (operator === '$ne' && isKeyScalar(value)) {
      parts.push({ text: `${column} != ?`, params: [keyValue(value)] });
    } else if (
      RANGE_OPERATORS[operator] &&
      (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))
    ) {
      // MongoDB compares within a type: numbers lie below the lowest text, text below blobs.
      const [floor, ceiling] =
        typeof value === 'number' ? [-Infinity, TEXT_FLOOR] : [TEXT_FLOOR, BLOB_FLOOR];
      parts.push({
        text: `${column} ${RANGE_OPERATORS[operator]} ? AND ${column} > ? AND ${column} < ?`,
        params: [value, floor, ceiling],
      });
    } else return null;
  }
  return joined(parts, 'AND');
}

/**
 * Terms an `$in` names one parameter each; a longer list (a photo's thousands of bands) is bound
 * as one JSON array, so that its statement is prepared once whatever the list's length.
 */
const LISTED_TERMS = 64;

/** A terms field: the documents holding some of the strings, all of them, or one in a range. */
function translateTerms(table: string, condition: unknown): Sql | null {
  const holding = (where: string, params: unknown[]): Sql => ({
    text: `id IN (SELECT id FROM ${table} WHERE ${where})`,
    params,
  });
  if (typeof condition === 'string') return holding('term = ?', [condition]);
  if (!isOperatorObject(condition)) return null;
  const parts: Sql[] = [];
  for (const [operator, value] of Object.entries(condition)) {
    const strings = Array.isArray(value) && value.every((term) => typeof term === 'string');
    if (operator === '$in' && strings) {
      const terms = [...new Set(value as string[])];
      parts.push(
        terms.length === 0
          ? { text: '0', params: [] }
          : terms.length > LISTED_TERMS
            ? holding('term IN (SELECT value FROM json_each(?))', [
                JSON.stringify(terms.map((term) => term.toWellFormed())),
              ])
            : holding(`term IN (${terms.map(() => '?').join(', ')})`, terms),
      );
    } else if (operator === '$all' && strings && (value as string[]).length > 0) {
      for (const term of new Set(value as string[])) parts.push(holding('term = ?', [term]));
    } else if (operator === '$elemMatch' && isStringRange(value)) {
      const range = Object.entries(value).map(([op, bound]) => ({
        text: `term ${RANGE_OPERATORS[op]} ?`,
        params: [bound],
      }));
      const where = joined(range, 'AND');
      parts.push(holding(where.text, where.params));
    } else return null;
  }
  return joined(parts, 'AND');
}

function isStringRange(value: unknown): value is Record<string, string> {
  return (
    isOperatorObject(value) &&
    Object.entries(value).every(([op, bound]) => RANGE_OPERATORS[op] && typeof bound === 'string')
  );
}

/** A sort key's SQL: its key column, `id`, or the field's key computed from the body. */
export function sortTerm(field: string, tables: CollectionTables | undefined): string {
  if (field === '_id') return 'id';
  if (tables?.keys.has(field)) return keyColumn(field);
  return keyExpression(field);
}

/** The sort's keys with `_id` ascending last unless it names `_id` (the port's total order). */
export function totalOrder(sort: Sort | undefined): [string, 1 | -1][] {
  const keys = Object.entries(sort ?? {}) as [string, 1 | -1][];
  if (!keys.some(([field]) => field === '_id')) keys.push(['_id', 1]);
  return keys;
}

/**
 * The `grouped` index a query must read when it asks for an `$in` of its first key with a sort (a
 * post's author among a search's matches): SQLite would otherwise walk another index in the
 * sort's order and test every document of the board for the `$in`, as it gathers no statistics
 * that tell the `$in` is narrow. The found documents are then sorted, their keys read from the
 * index. Prefers the one whose keys continue with the sort's.
 */
export function groupedIndexFor(
  filter: Filter,
  keys: readonly [string, 1 | -1][] | null,
  tables: CollectionTables | undefined,
): IndexSpec | null {
  if (!keys) return null;
  const candidates = [...(tables?.specs.values() ?? [])].filter((spec) => {
    if (!spec.grouped) return false;
    const condition = filter[Object.keys(spec.keys)[0]!];
    return isOperatorObject(condition) && Array.isArray(condition.$in) && condition.$in.length > 1;
  });
  const sorted = keys.map(([field]) => field).filter((field) => field !== '_id');
  const continues = (spec: IndexSpec) => {
    const rest = Object.keys(spec.keys).filter((field) => !(field in filter));
    return sorted.every((field, i) => rest[i] === field);
  };
  return candidates.find(continues) ?? candidates[0] ?? null;
}

export function orderBy(
  keys: readonly [string, 1 | -1][],
  tables: CollectionTables | undefined,
): string {
  return keys
    .map(([field, direction]) => `${sortTerm(field, tables)} ${direction === -1 ? 'DESC' : 'ASC'}`)
    .join(', ');
}

/**
 * What comes strictly after `position` in the order `keys`: with every key in one direction a
 * row value, which SQLite seeks to in an index; otherwise key by key, led by a bound on the
 * first key that it can seek to.
 */
export function afterPosition(
  keys: readonly [string, 1 | -1][],
  position: Record<string, unknown>,
  tables: CollectionTables | undefined,
): Sql {
  const terms = keys.map(([field]) => sortTerm(field, tables));
  const values = keys.map(([field]) => keyValue(position[field]));
  const direction = keys[0]![1];
  if (keys.every(([, d]) => d === direction)) {
    const operator = direction === 1 ? '>' : '<';
    return {
      text: `(${terms.join(', ')}) ${operator} (${terms.map(() => '?').join(', ')})`,
      params: values,
    };
  }
  const branches: Sql[] = [];
  for (let i = 0; i < keys.length; i += 1) {
    const equal = terms.slice(0, i).map((term) => `${term} = ?`);
    const operator = keys[i]![1] === 1 ? '>' : '<';
    branches.push({
      text: [...equal, `${terms[i]} ${operator} ?`].join(' AND '),
      params: [...values.slice(0, i), values[i]],
    });
  }
  const lead = {
    text: `${terms[0]} ${direction === 1 ? '>=' : '<='} ?`,
    params: [values[0]],
  };
  const any = joined(branches, 'OR');
  return { text: `${lead.text} AND (${any.text})`, params: [...lead.params, ...any.params] };
}

/** A query of a collection's live table in SQL, with what mingo still tests on its rows. */
export interface TranslatedQuery extends PlannedQuery {
  /** The table, with the index SQLite must read when one is named (`groupedIndexFor`). */
  from: string;
  where: string;
  params: unknown[];
  /** ` ORDER BY …`, or nothing for a query without a sort or a position. */
  order: string;
  /** What SQL could not decide, tested on each row read; null when SQL decides it all. */
  test: Query | null;
}

/**
 * A query of the port as SQL on a collection's live table; null when nothing can answer it (the
 * collection was never written, or its condition is an empty `$in`).
 */
export function translateQuery(
  collection: string,
  filter: Filter,
  sort: Sort | undefined,
  after: Record<string, unknown> | undefined,
  schema: SqliteSchema,
): TranslatedQuery | null {
  const table = schema.liveTable(collection);
  const tables = table === undefined ? undefined : schema.get(table);
  if (!table || !tables) return null;
  const translated = translateFilter(filter, tables);
  if (translated.where.text === '0') return null;
  let where = translated.where.text;
  const params = [...translated.where.params];
  const keys = sort !== undefined || after !== undefined ? totalOrder(sort) : null;
  if (keys) checkSortedIn(filter);
  if (keys && after) {
    const position = afterPosition(keys, after, tables);
    where = `(${where}) AND ${position.text}`;
    params.push(...position.params);
  }
  const grouped = groupedIndexFor(filter, keys, tables);
  const index = grouped ? schema.indexName(table, grouped) : null;
  return {
    collection,
    from: index ? `${ident(table)} INDEXED BY ${ident(index)}` : ident(table),
    where,
    params: wellFormedParams(params),
    order: keys ? ` ORDER BY ${orderBy(keys, tables)}` : '',
    test: translated.rest ? new Query(translated.rest) : null,
    shortTextSearch: translated.shortTextSearch === true,
  };
}

/**
 * An unordered, unlimited read whose filter looks up more than `perPart` terms of a terms field
 * with `$in`, as filters of at most that many each (its answer is their union); null for any
 * other read.
 */
export function termParts(
  filter: Filter,
  options: FindOptions,
  tables: CollectionTables | undefined,
  perPart: number,
): Filter[] | null {
  if (options.sort || options.after || options.limit || options.skip) return null;
  for (const [field, condition] of Object.entries(filter)) {
    if (!tables?.terms.has(field) || !isOperatorObject(condition)) continue;
    const listed = condition.$in;
    if (Object.keys(condition).length !== 1 || !Array.isArray(listed)) continue;
    if (listed.length <= perPart) continue;
    const parts: Filter[] = [];
    for (let start = 0; start < listed.length; start += perPart) {
      parts.push({ ...filter, [field]: { $in: listed.slice(start, start + perPart) } });
    }
    return parts;
  }
  return null;
}
