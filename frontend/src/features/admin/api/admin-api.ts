import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { type ApiAnswer, apiGet, type ApiParamArgs, type ApiPath, apiUrl } from '@/lib/api-client';

/** The back office's reads: the api's GET paths under /api/rtm-sys. */
export type AdminPath = Extract<ApiPath, `/api/rtm-sys/${string}`>;

/**
 * Query keys of the admin area's data: every admin read is under `all`, keyed by its address,
 * so an admin action refreshes them all and nothing outside the admin area.
 */
export const adminKeys = {
  all: ['admin'] as const,
  read: (url: string) => [...adminKeys.all, url] as const,
};

/**
 * The query options of one admin read, keyed by its address; the previous page stays shown
 * while the next loads. The answer's type is the path's, from the api's document.
 */
export function adminReadOptions<P extends AdminPath>(path: P, ...params: ApiParamArgs<P>) {
  // Generic over the path, so the call is typed by the caller's arguments above.
  const get = apiGet as (path: P, init: object) => Promise<ApiAnswer<'GET', P>>;
  return queryOptions({
    queryKey: adminKeys.read(apiUrl(path, ...params)),
    queryFn: ({ signal }) => get(path, { params: params[0], signal }),
    placeholderData: keepPreviousData,
  });
}

/** An admin action (one of the api's calls); every admin read is fetched again after it. */
export function useAdminAction<Vars>(request: (vars: Vars) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
