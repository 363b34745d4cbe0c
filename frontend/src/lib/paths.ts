/** Addresses built in more than one feature. */

export function postPath(id: string | number): string {
  return `/post/${encodeURIComponent(String(id))}`;
}

export interface TokenSearch {
  token?: string;
}

/** The `?token=` of a mailed link, kept only when it is a non-empty string. */
export function tokenSearch(search: Record<string, unknown>): TokenSearch {
  return typeof search.token === 'string' && search.token ? { token: search.token } : {};
}
