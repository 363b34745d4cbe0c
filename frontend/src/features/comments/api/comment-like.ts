import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiJson } from '@/lib/api-client';

import { updateComment } from '../comment-rules';
import type { Comment } from '../types';
import { commentKeys } from './comment-keys';
import type { Schema } from '@/lib/api/schema';

type Liked = Schema<'LikedResponse'>;

type LikeOutcome = Schema<'LikeResponse'>;

const likeUrl = (commentId: string) => `/api/comments/${encodeURIComponent(commentId)}/like`;

/** GET /api/comments/{id}/like: whether the signed-in user likes the comment. */
export function fetchCommentLiked(commentId: string, signal?: AbortSignal): Promise<Liked> {
  return apiGet<Liked>(likeUrl(commentId), signal);
}

export function commentLikedQueryOptions(commentId: string, signedIn: boolean) {
  return queryOptions({
    queryKey: commentKeys.liked(commentId),
    queryFn: ({ signal }) => fetchCommentLiked(commentId, signal),
    enabled: signedIn,
  });
}

/** POST (like) or DELETE (unlike) /api/comments/{id}/like. */
export function setCommentLike(commentId: string, like: boolean): Promise<LikeOutcome> {
  return apiJson<LikeOutcome>(like ? 'POST' : 'DELETE', likeUrl(commentId));
}

/**
 * Spec §4: comment likes update optimistically (the heart and the count at once) and roll back
 * on error; the server's count replaces the guess when it answers.
 */
export function useSetCommentLike(postId: string, commentId: string) {
  const queryClient = useQueryClient();
  const treeKey = commentKeys.ofPost(postId);
  const likedKey = commentKeys.liked(commentId);
  const setCount = (count: (current: number) => number) =>
    queryClient.setQueryData<Comment[]>(treeKey, (comments) =>
      comments
        ? updateComment(comments, commentId, (comment) => ({
            ...comment,
            likesCount: Math.max(0, count(comment.likesCount)),
          }))
        : comments,
    );

  return useMutation({
    mutationFn: (like: boolean) => setCommentLike(commentId, like),
    onMutate: async (like) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: likedKey }),
        queryClient.cancelQueries({ queryKey: treeKey }),
      ]);
      const previousLiked = queryClient.getQueryData<Liked>(likedKey);
      const delta = (previousLiked?.liked ?? false) === like ? 0 : like ? 1 : -1;
      queryClient.setQueryData<Liked>(likedKey, { liked: like });
      if (delta) setCount((n) => n + delta);
      return { previousLiked, delta };
    },
    onError: (_error, _like, context) => {
      if (context?.previousLiked) queryClient.setQueryData(likedKey, context.previousLiked);
      else queryClient.removeQueries({ queryKey: likedKey, exact: true });
      // Undo only this guess, so a comment added meanwhile is kept.
      if (context?.delta) setCount((n) => n - context.delta);
    },
    onSuccess: (outcome) => {
      queryClient.setQueryData<Liked>(likedKey, { liked: outcome.liked });
      setCount(() => outcome.likesCount);
    },
  });
}
