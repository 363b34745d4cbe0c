import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGetIfSignedIn } from '@/lib/api-client';
import type { UnclaimedBoosts } from '@/types/api';

import { boostKeys } from './boost-keys';

const NONE: UnclaimedBoosts = { count: 0, boost: null, boosts: [] };

/** GET /api/boosts/unclaimed; a 401 (the session ended) reads as no unused boosts. */
export async function fetchUnclaimedBoosts(signal?: AbortSignal): Promise<UnclaimedBoosts> {
  return (await apiGetIfSignedIn('/api/boosts/unclaimed', signal)) ?? NONE;
}

/** Spec §7: refetched on window focus, no retry (a boost bought in another tab shows up). */
export function unclaimedBoostsQueryOptions() {
  return queryOptions({
    queryKey: boostKeys.unclaimed,
    queryFn: ({ signal }) => fetchUnclaimedBoosts(signal),
    refetchOnWindowFocus: true,
    staleTime: 0,
    retry: false,
  });
}

/** The signed-in user's unused boosts; nothing is asked for a visitor. */
export function useUnclaimedBoosts(signedIn: boolean) {
  return useQuery({ ...unclaimedBoostsQueryOptions(), enabled: signedIn });
}
