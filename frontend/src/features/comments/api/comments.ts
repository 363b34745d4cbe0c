import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError, apiGet, apiJson } from '@/lib/api-client';
import type { Schema } from '@/lib/api/schema';
import { patchPostFigures } from '@/lib/post-figures';
import { usePostReads } from '@/lib/post-reads';
import { postingSuspensionKey } from '@/lib/posting-suspension';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';

import { addComment, findComment, removeComment } from '../comment-rules';
import type { Comment } from '../types';
import { commentKeys } from './comment-keys';

/** GET /api/posts/{id}/comments: threads oldest first, each with its replies. */
export function fetchComments(postId: string, signal?: AbortSignal): Promise<Comment[]> {
  return apiGet('/api/posts/{id}/comments', { params: { path: { id: postId } }, signal });
}

export function commentsQueryOptions(postId: string) {
  return queryOptions({
    queryKey: commentKeys.ofPost(postId),
    queryFn: ({ signal }) => fetchComments(postId, signal),
  });
}

export type NewComment = Schema<'CommentDto'>;

/** POST /api/posts/{id}/comments {text, parentCommentId?} → the comment. */
export function postComment(postId: string, input: NewComment): Promise<Comment> {
  return apiJson('POST', '/api/posts/{id}/comments', {
    params: { path: { id: postId } },
    body: input,
  });
}

/**
 * Adds a comment to the cached thread, and one to the post's comment count in every cached view
 * of the post (its page, cards and grids).
 */
export function usePostComment(postId: string) {
  const queryClient = useQueryClient();
  const postReads = usePostReads();
  return useSingleFlightMutation({
    mutationFn: (input: NewComment) => postComment(postId, input),
    // A 403 may be a posting suspension: the banner that says until when is refreshed.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403) {
        void queryClient.invalidateQueries({ queryKey: postingSuspensionKey });
      }
    },
    onSuccess: (comment) => {
      queryClient.setQueryData<Comment[]>(commentKeys.ofPost(postId), (comments) =>
        comments ? addComment(comments, comment) : [comment],
      );
      patchPostFigures(queryClient, postReads, postId, { commentsCount: (count) => count + 1 });
    },
  });
}

/** DELETE /api/comments/{id}: the author only; a thread goes with its replies. */
export function deleteComment(commentId: string): Promise<{ success: boolean }> {
  return apiJson('DELETE', '/api/comments/{id}', { params: { path: { id: commentId } } });
}

/**
 * Takes a comment (a thread with its replies) out of the cached thread, and as many from the
 * post's comment count in every cached view of the post.
 */
export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  const postReads = usePostReads();
  const treeKey = commentKeys.ofPost(postId);
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_result, commentId) => {
      const tree = queryClient.getQueryData<Comment[]>(treeKey);
      const removed = 1 + ((tree && findComment(tree, commentId)?.replies.length) ?? 0);
      queryClient.setQueryData<Comment[]>(treeKey, (comments) =>
        comments ? removeComment(comments, commentId) : comments,
      );
      patchPostFigures(queryClient, postReads, postId, {
        commentsCount: (count) => Math.max(0, count - removed),
      });
    },
  });
}
