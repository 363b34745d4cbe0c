import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';
import type { BoostType } from '@/types/api';

import { boostKeys } from './boost-keys';

/** POST /api/posts/{id}/apply-boost: the oldest unused boost starts on the post. */
export async function applyBoost(postId: string): Promise<{ boostType: BoostType }> {
  return apiJson<{ boostType: BoostType }>(
    'POST',
    `/api/posts/${encodeURIComponent(postId)}/apply-boost`,
  );
}

/** Every read a boost changes: posts and boards (badge, order), profiles, own posts, unused boosts. */
const BOOST_AFFECTED_PATHS = ['/api/posts', '/api/leaderboard', '/api/users', '/api/user/posts'];

/**
 * After a boost is bought or applied: the post (its badge and buttons), the boards (their
 * order), the profile and own-post grids and the unused boosts are read again (active queries
 * at once, the others when next shown).
 */
export function invalidateAfterBoost(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: boostKeys.unclaimed }),
    queryClient.invalidateQueries({
      predicate: ({ queryKey: [first] }) =>
        typeof first === 'string' && BOOST_AFFECTED_PATHS.some((path) => first.startsWith(path)),
    }),
  ]);
}

export function useApplyBoost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyBoost,
    onSuccess: () => invalidateAfterBoost(queryClient),
  });
}
