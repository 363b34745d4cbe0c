import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiJson, type HttpMethod } from '@/lib/api-client';

export const ADMIN_API = '/api/rtm-sys';

/**
 * Query keys of the admin area's data: every admin read is under `all`, keyed by its address,
 * so an admin action refreshes them all and nothing outside the admin area.
 */
export const adminKeys = {
  all: ['admin'] as const,
  read: (url: string) => [...adminKeys.all, url] as const,
};

/** `path?key=value…` without the empty values. */
export function withQuery(path: string, params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return `${ADMIN_API}${path}${text ? `?${text}` : ''}`;
}

/**
 * The query options of one admin read, keyed by its address; the previous page stays shown
 * while the next loads. `T` is the answer's schema, named by the read's own options in
 * ./admin-reads.ts.
 */
export function adminReadOptions<T>(path: string, params: Record<string, unknown> = {}) {
  const url = withQuery(path, params);
  return queryOptions({
    queryKey: adminKeys.read(url),
    queryFn: ({ signal }) => apiGet<T>(url, signal),
    placeholderData: keepPreviousData,
  });
}

/** An admin action; every admin read is fetched again after it. */
export function useAdminAction<Vars>(
  request: (vars: Vars) => { method: HttpMethod; path: string; body?: unknown },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: Vars) => {
      const { method, path, body } = request(vars);
      return apiJson<unknown>(method, `${ADMIN_API}${path}`, body);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
