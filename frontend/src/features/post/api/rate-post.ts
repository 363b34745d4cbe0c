import { queryOptions, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiJson } from '@/lib/api-client';
import type { Schema } from '@/lib/api/schema';
import { patchPostFigures } from '@/lib/post-figures';
import { invalidatePostReads } from '@/lib/post-keys';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';

import { postKeys } from './post-keys';

type UserRating = Schema<'UserRatingResponse'>;

type RatingOutcome = Schema<'RatingSubmittedResponse'>;

/** GET /api/posts/{id}/user-rating (null when signed out or not rated). */
export function fetchUserRating(id: string, signal?: AbortSignal): Promise<UserRating> {
  return apiGet('/api/posts/{id}/user-rating', { params: { path: { id } }, signal });
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
  return apiJson('POST', '/api/ratings/submit', { body: { postId, overallScore } });
}

/**
 * A rating's new average and vote count show in every cached view of the post at once; the boards
 * (whose order it may change) and the other views are read again when next shown, and the post's
 * page at once, for the members' own average, which the answer does not carry.
 */
export function useSubmitRating(postId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (score: number) => submitRating(postId, score),
    onSuccess: (outcome, score) => {
      queryClient.setQueryData<UserRating>(postKeys.userRating(postId), {
        rating: score,
        countsFrom: outcome.countsFrom,
        newRatingCountsFrom: null,
      });
      patchPostFigures(queryClient, postId, {
        averageRating: outcome.averageRating,
        voteCount: outcome.voteCount,
      });
      void invalidatePostReads(queryClient, 'none');
      void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId), exact: true });
    },
  });
}
