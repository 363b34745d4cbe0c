/** The return addresses of spec §4, as search parameters of /boost and /post/{id}. */
export interface BoostPageSearch {
  session_id?: string;
  type?: 'boost' | 'donation';
  cancelled?: true;
}

export interface PostPageSearch {
  boost?: 'success' | 'cancelled';
  session_id?: string;
}

function sessionId(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

export function boostPageSearch(search: Record<string, unknown>): BoostPageSearch {
  // Every key it owns is named, undefined when refused (see routes/login.tsx).
  const result: BoostPageSearch = { session_id: undefined, type: undefined, cancelled: undefined };
  const id = sessionId(search.session_id);
  if (id) result.session_id = id;
  if (search.type === 'boost' || search.type === 'donation') result.type = search.type;
  if (search.cancelled === true || search.cancelled === 'true') result.cancelled = true;
  return result;
}

export function postPageSearch(search: Record<string, unknown>): PostPageSearch {
  // Every key it owns is named, undefined when refused (see routes/login.tsx).
  const result: PostPageSearch = { boost: undefined, session_id: undefined };
  if (search.boost === 'success' || search.boost === 'cancelled') result.boost = search.boost;
  const id = sessionId(search.session_id);
  if (id) result.session_id = id;
  return result;
}
