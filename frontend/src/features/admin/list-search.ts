/** Search params shared by the list pages; kept in the address so a view can be shared. */
export interface ListSearch {
  page?: number;
  filter?: string;
  search?: string;
  status?: string;
  actor?: string;
  kind?: string;
  target?: string;
  user?: string;
  from?: string;
  to?: string;
}

export type SetSearch = (next: Partial<ListSearch>) => void;

const TEXT_KEYS = ['filter', 'search', 'status', 'actor', 'kind', 'target', 'user'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The list pages' search params, checked: unknown or malformed values are dropped. */
export function validateListSearch(search: Record<string, unknown>): ListSearch {
  // Every key it owns is named, undefined when refused (see routes/login.tsx).
  const result: ListSearch = Object.fromEntries(
    [...TEXT_KEYS, 'page', 'from', 'to'].map((key) => [key, undefined]),
  );
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1) result.page = page;
  for (const key of TEXT_KEYS) {
    const value = search[key];
    if (typeof value === 'string' && value.length > 0 && value.length <= 100) result[key] = value;
  }
  for (const key of ['from', 'to'] as const) {
    const value = search[key];
    if (typeof value === 'string' && DATE.test(value)) result[key] = value;
  }
  return result;
}
