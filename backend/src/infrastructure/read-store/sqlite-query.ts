import type { Filter, Sort } from '../../application/ports/read-store.port';
import {
  type CollectionTables,
  ident,
  isKeyScalar,
  keyColumn,
  keyExpression,
  keyValue,
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
}

/** The lowest text and the lowest blob: bounds that keep a comparison within one type. */
const TEXT_FLOOR = '';
const BLOB_FLOOR = Buffer.alloc(0);

const RANGE_OPERATORS: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

/**
 * Translates a MongoDB filter as far as SQLite can decide it exactly, given the collection's
 * indexed fields: `_id`; a field with a key column (a scalar by the rule of declared indexes)
 * compared with scalars (`=`, `$in`, `$ne`, `$gt`…`$lte`, each within its type as MongoDB
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
      }
      if (left.length > 0) keep('$and', left);
      continue;
    }
    if (field === '$or' && Array.isArray(condition)) {
      const branches = (condition as Filter[]).map((branch) => translateFilter(branch, tables));
      if (branches.length > 0 && branches.every((branch) => branch.rest === null)) {
        parts.push(
          joined(
            branches.map((branch) => branch.where),
            'OR',
          ),
        );
      } else keep(field, condition);
      continue;
    }
    const sql = translateField(field, condition, tables);
    if (sql) parts.push(sql);
    else keep(field, condition);
  }
  return { where: joined(parts, 'AND'), rest: anyRest ? rest : null };
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

function translateField(
  field: string,
  condition: unknown,
  tables: CollectionTables | undefined,
): Sql | null {
  if (field.startsWith('$')) return null;
  if (field === '_id') return translateId(condition);
  if (tables?.keys.has(field)) return translateKey(keyColumn(field), condition);
  const terms = tables?.terms.get(field);
  if (terms) return translateTerms(ident(terms), condition);
  return null;
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
