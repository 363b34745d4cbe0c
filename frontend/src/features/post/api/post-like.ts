import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiJson } from '@/lib/api-client';
import { patchPostFigures } from '@/lib/post-figures';

import { postKeys } from './post-keys';
import type { Schema } from '@/lib/api/schema';

type Liked = Schema<'LikedResponse'>;

type LikeOutcome = Schema<'LikeResponse'>;

/** GET /api/posts/{id}/like: whether the signed-in user likes the post. */
export function fetchPostLiked(id: string, signal?: AbortSignal): Promise<Liked> {
  return apiGet('/api/posts/{id}/like', { params: { path: { id } }, signal });
}

export function postLikedQueryOptions(id: string, signedIn: boolean) {
  return queryOptions({
    queryKey: postKeys.liked(id),
    queryFn: ({ signal }) => fetchPostLiked(id, signal),
    // Nobody signed out likes anything; do not ask.
    enabled: signedIn,
  });
}

/** POST (like) or DELETE (unlike) /api/posts/{id}/like; idempotent on the server. */
export function setPostLike(id: string, like: boolean): Promise<LikeOutcome> {
  return apiJson(like ? 'POST' : 'DELETE', '/api/posts/{id}/like', { params: { path: { id } } });
}

/**
 * Spec §4: a like shows at once; the server's count replaces the guess when it answers, and
 * the previous state comes back if it fails. The count changes in every cached view of the post
 * (its page, the boards, profiles, own posts), not on its page alone.
 */
export function useSetPostLike(id: string) {
  const queryClient = useQueryClient();
  const setLikes = (likesCount: number | ((current: number) => number)) =>
    patchPostFigures(queryClient, id, { likesCount });
  const addToCount = (delta: number) => setLikes((count) => Math.max(0, count + delta));
  return useMutation({
    mutationFn: (like: boolean) => setPostLike(id, like),
    onMutate: async (like) => {
      await queryClient.cancelQueries({ queryKey: postKeys.liked(id) });
      const previousLiked = queryClient.getQueryData<Liked>(postKeys.liked(id));
      const delta = (previousLiked?.liked ?? false) === like ? 0 : like ? 1 : -1;
      queryClient.setQueryData<Liked>(postKeys.liked(id), { liked: like });
      if (delta) addToCount(delta);
      return { previousLiked, delta };
    },
    onError: (_error, _like, context) => {
      if (context?.previousLiked)
        queryClient.setQueryData(postKeys.liked(id), context.previousLiked);
      else queryClient.removeQueries({ queryKey: postKeys.liked(id), exact: true });
      // Undo only this guess, so other changes to the post (a rating) are kept.
      if (context?.delta) addToCount(-context.delta);
    },
    onSuccess: (outcome) => {
      queryClient.setQueryData<Liked>(postKeys.liked(id), { liked: outcome.liked });
      setLikes(outcome.likesCount);
    },
  });
}
