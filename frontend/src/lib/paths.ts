/** Address helpers shared by more than one feature. */

export interface TokenSearch {
  token?: string;
}

/** The `?token=` of a mailed link, kept only when it is a non-empty string. */
export function tokenSearch(search: Record<string, unknown>): TokenSearch {
  // Every key it owns is named, undefined when refused (see routes/login.tsx).
  return { token: typeof search.token === 'string' && search.token ? search.token : undefined };
}
