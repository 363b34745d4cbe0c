import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiRequest } from '@/lib/api-client';

const SESSIONS_URL = '/api/user/sessions' as const;

export function signedInBrowsersQueryOptions() {
  return queryOptions({
    queryKey: [SESSIONS_URL] as const,
    queryFn: ({ signal }) => apiGet(SESSIONS_URL, { signal }),
  });
}

/** DELETE /api/user/sessions/{id}: signs that browser out of the account. */
export function useEndSignedInBrowser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('DELETE', '/api/user/sessions/{id}', { params: { path: { id } } }).then(
        () => undefined,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SESSIONS_URL] }),
  });
}

/**
 * DELETE /api/user/sessions: signs every browser out, this one included, and forgets every
 * browser the sign-in remembered; the screen then signs out locally.
 */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: () => apiRequest('DELETE', SESSIONS_URL).then(() => undefined),
  });
}
