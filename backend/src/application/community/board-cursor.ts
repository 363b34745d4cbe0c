import { ValidationError } from '../../domain/shared/errors';
import type { Sort } from '../ports/read-store.port';
import type { PostDocument } from '../../projections/posts/posts.projection';

export const INVALID_CURSOR = 'This page link is not valid: start again from the first page';

/**
 * A board page's cursor: the sort values of the last post shown (keyset paging) and how many
 * came before it (where the next page's ranks continue), as base64url JSON.
 */
export interface Cursor {
  after: Record<string, unknown>;
  /** Items shown before the next page: where its ranks continue. */
  before: number;
}

/** A post's place in `sort` order, as `after` and the cursor hold it. */
export function positionOf(sort: Sort, post: PostDocument): Record<string, unknown> {
  const position: Record<string, unknown> = {};
  for (const key of Object.keys(sort)) position[key] = post[key] ?? null;
  position._id = post._id;
  return position;
}

export function encodeCursor(sort: Sort, last: PostDocument, before: number): string {
  const values = Object.values(positionOf(sort, last));
  return Buffer.from(JSON.stringify([before, ...values])).toString('base64url');
}

export function decodeCursor(cursor: string, sort: Sort): Cursor {
  const keys = [...Object.keys(sort), '_id'];
  const parsed = cursorValues(cursor, keys.length + 1);
  if (
    !Number.isSafeInteger(parsed[0]) ||
    (parsed[0] as number) < 0 ||
    !parsed.slice(1).every((v) => v === null || ['string', 'number'].includes(typeof v)) ||
    typeof parsed[parsed.length - 1] !== 'string'
  ) {
    throw new ValidationError(INVALID_CURSOR);
  }
  const [before, ...values] = parsed as [number, ...unknown[]];
  return { before, after: Object.fromEntries(keys.map((key, i) => [key, values[i]])) };
}

/** A page of threads' cursor: where the last top-level comment read stands (base64url JSON). */
export function encodeThreadCursor(last: { createdAt: string; _id: string }): string {
  return Buffer.from(JSON.stringify([last.createdAt, last._id])).toString('base64url');
}

/** The `after` of the next page of threads; a cursor not made here is refused. */
export function decodeThreadCursor(cursor: string): { createdAt: string; _id: string } {
  const parsed = cursorValues(cursor, 2);
  if (!parsed.every((value) => typeof value === 'string')) {
    throw new ValidationError(INVALID_CURSOR);
  }
  const [createdAt, _id] = parsed as [string, string];
  return { createdAt, _id };
}

/** A cursor's values (base64url JSON, an array of `length`); anything else is refused. */
function cursorValues(cursor: string, length: number): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError(INVALID_CURSOR);
  }
  if (!Array.isArray(parsed) || parsed.length !== length) {
    throw new ValidationError(INVALID_CURSOR);
  }
  return parsed as unknown[];
}
