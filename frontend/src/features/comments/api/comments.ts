import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError, apiGet, apiJson } from '@/lib/api-client';
import { postingSuspensionKey } from '@/lib/posting-suspension';

import { addComment, removeComment } from '../comment-rules';
import type { Comment } from '../types';
import { commentKeys } from './comment-keys';
import type { Schema } from '@/lib/api/schema';

const commentsUrl = (postId: string) => `/api/posts/${encodeURIComponent(postId)}/comments`;

/** GET /api/posts/{id}/comments: threads oldest first, each with its replies. */
export function fetchComments(postId: string, signal?: AbortSignal): Promise<Comment[]> {
  return apiGet<Comment[]>(commentsUrl(postId), signal);
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
  return apiJson<Comment>('POST', commentsUrl(postId), input);
}

export function usePostComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewComment) => postComment(postId, input),
    // A 403 may be a posting suspension: the banner that says until when is refreshed.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403) {
        void queryClient.invalidateQueries({ queryKey: postingSuspensionKey });
      }
    },
    onSuccess: (comment) =>
      queryClient.setQueryData<Comment[]>(commentKeys.ofPost(postId), (comments) =>
        comments ? addComment(comments, comment) : [comment],
      ),
  });
}

/** DELETE /api/comments/{id}: the author only; a thread goes with its replies. */
export function deleteComment(commentId: string): Promise<{ success: boolean }> {
  return apiJson('DELETE', `/api/comments/${encodeURIComponent(commentId)}`);
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_result, commentId) =>
      queryClient.setQueryData<Comment[]>(commentKeys.ofPost(postId), (comments) =>
        comments ? removeComment(comments, commentId) : comments,
      ),
  });
}
