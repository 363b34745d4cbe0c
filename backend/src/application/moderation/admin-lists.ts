import { ValidationError } from '../../domain/shared/errors';
import type { Filter, ReadStore, Sort } from '../ports/read-store.port';

export interface Page {
  page: number;
  pageSize: number;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

const MAX_SEARCH = 100;

/** One page of a collection and the total, counted along the list's own index walk. */
export async function pageOf<T extends { _id: string }>(
  readStore: ReadStore,
  collection: string,
  filter: Filter,
  sort: Sort,
  { page, pageSize }: Page,
): Promise<Paged<T>> {
  const [items, total] = await Promise.all([
    readStore.find<T & { [key: string]: unknown }>(collection, filter, {
      sort,
      skip: (page - 1) * pageSize,
      limit: pageSize,
    }),
    // Counted along the list's own index walk where one fits, not by testing every document.
    readStore.count(collection, filter, { sort }),
  ]);
  return { items, total, page, pageSize };
}

/** A page whose items are decorated (with the people they name) by `decorate`. */
export async function decoratedPage<T, U>(
  page: Paged<T>,
  decorate: (items: T[]) => Promise<U[]>,
): Promise<Paged<U>> {
  return { ...page, items: await decorate(page.items) };
}

/** A case-insensitive "contains" on a search typed by an admin (at most 100 characters). */
export function textSearch(search: string): Filter {
  return { $regex: escapeRegExp(search.slice(0, MAX_SEARCH)), $options: 'i' };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The first instant of a UTC day given as YYYY-MM-DD; `name` says which input was wrong. */
export function dayStart(value: string, name: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new ValidationError(`${name} must be a date (YYYY-MM-DD)`);
  }
  return `${value}T00:00:00.000Z`;
}

export function dayAfter(value: string): string {
  return new Date(Date.parse(dayStart(value, 'to')) + 86_400_000).toISOString();
}
