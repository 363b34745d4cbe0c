import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiJson } from '@/lib/api-client';
import type { Post } from '@/types/api';

import { postKeys, postUrl } from './post-keys';
import type { Schema } from '@/lib/api/schema';

type UserRating = Schema<'UserRatingResponse'>;

type RatingOutcome = Schema<'RatingSubmittedResponse'>;

/** GET /api/posts/{id}/user-rating (null when signed out or not rated). */
export function fetchUserRating(id: string, signal?: AbortSignal): Promise<UserRating> {
  return apiGet<UserRating>(`${postUrl(id)}/user-rating`, signal);
}

export function userRatingQueryOptions(id: string, signedIn: boolean) {
  return queryOptions({
    queryKey: postKeys.userRating(id),
    queryFn: ({ signal }) => fetchUserRating(id, signal),
    enabled: signedIn,
  });
}

/** POST /api/ratings/submit {postId, overallScore}: once per account and post, never one's own. */
export function submitRating(postId: string, overallScore: number): Promise<RatingOutcome> {
  return apiJson<RatingOutcome>('POST', '/api/ratings/submit', { postId, overallScore });
}

export function useSubmitRating(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (score: number) => submitRating(postId, score),
    onSuccess: (outcome, score) => {
      queryClient.setQueryData<UserRating>(postKeys.userRating(postId), {
        rating: score,
        countsFrom: outcome.countsFrom,
      });
      queryClient.setQueryData<Post>(postKeys.detail(postId), (post) =>
        post
          ? { ...post, averageRating: outcome.averageRating, voteCount: outcome.voteCount }
          : post,
      );
      // The members' own average is not in the answer: read the post again for it.
      void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId), exact: true });
    },
  });
}
