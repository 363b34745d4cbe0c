import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import { findComment, updateComment } from '../comment-rules';
import type { LoadedThreads } from '../types';
import { updateThreads } from './comments';
import { commentKeys } from './comment-keys';
import type { Schema } from '@/lib/api/schema';

type LikeOutcome = Schema<'LikeResponse'>;

/** POST (like) or DELETE (unlike) /api/comments/{id}/like. */
export function setCommentLike(commentId: string, like: boolean): Promise<LikeOutcome> {
  return apiJson(like ? 'POST' : 'DELETE', '/api/comments/{id}/like', {
    params: { path: { id: commentId } },
  });
}

/**
 * Spec §4: comment likes update optimistically (the heart and the count at once) and roll back
 * on error; the server's answer replaces the guess. Whether the viewer likes a comment comes
 * with the thread (`likedByViewer`), so the heart lives in the cached thread beside the count.
 */
export function useSetCommentLike(postId: string, commentId: string) {
  const queryClient = useQueryClient();
  const treeKey = commentKeys.ofPost(postId);
  const change = (likedByViewer: (current: boolean) => boolean, count: (n: number) => number) =>
    updateThreads(queryClient, postId, (threads) =>
      updateComment(threads, commentId, (comment) => ({
        ...comment,
        likedByViewer: likedByViewer(comment.likedByViewer),
        likesCount: Math.max(0, count(comment.likesCount)),
      })),
    );

  return useMutation({
    mutationFn: (like: boolean) => setCommentLike(commentId, like),
    onMutate: async (like) => {
      await queryClient.cancelQueries({ queryKey: treeKey });
      const tree = queryClient.getQueryData<LoadedThreads>(treeKey)?.threads;
      const previousLiked = (tree && findComment(tree, commentId)?.likedByViewer) ?? false;
      const delta = previousLiked === like ? 0 : like ? 1 : -1;
      change(
        () => like,
        (n) => n + delta,
      );
      return { previousLiked, delta };
    },
    onError: (_error, _like, context) => {
      // Undo only this guess, so a comment added meanwhile is kept.
      if (context) {
        change(
          () => context.previousLiked,
          (n) => n - context.delta,
        );
      }
    },
    onSuccess: (outcome) =>
      change(
        () => outcome.liked,
        () => outcome.likesCount,
      ),
  });
}
