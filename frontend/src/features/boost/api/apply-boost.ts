import { useQueryClient, type QueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';
import { invalidatePostReads } from '@/lib/post-keys';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';
import type { BoostType } from '@/types/api';

import { boostKeys } from './boost-keys';

/** POST /api/posts/{id}/apply-boost: the oldest unused boost starts on the post. */
export async function applyBoost(postId: string): Promise<{ boostType: BoostType }> {
  return apiJson('POST', '/api/posts/{id}/apply-boost', { params: { path: { id: postId } } });
}

/**
 * After a boost is bought or applied: the post (its badge and buttons), the boards (their
 * order), the profile and own-post grids and the unused boosts are read again (active queries
 * at once, the others when next shown).
 */
export function invalidateAfterBoost(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: boostKeys.unclaimed }),
    invalidatePostReads(queryClient),
  ]);
}

export function useApplyBoost() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: applyBoost,
    onSuccess: () => invalidateAfterBoost(queryClient),
  });
}
