import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError, apiJson, apiUrl } from '@/lib/api-client';
import { apiGetPage } from '@/lib/api-pages';
import type { Schema } from '@/lib/api/schema';
import { patchPostFigures } from '@/lib/post-figures';
import { postingSuspensionKey } from '@/lib/posting-suspension';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';

import { addComment, findComment, removeComment } from '../comment-rules';
import type { Comment, LoadedThreads } from '../types';
import { commentKeys } from './comment-keys';

/** Threads per page (a page holds each top-level comment with all its replies). */
export const COMMENTS_PAGE_SIZE = 50;

/**
 * GET /api/posts/{id}/comments: the first page of threads, oldest first, each with its replies;
 * the `Link` header names the next page (`useLoadMoreComments`).
 */
export async function fetchComments(postId: string, signal?: AbortSignal): Promise<LoadedThreads> {
  const url = apiUrl('/api/posts/{id}/comments', {
    path: { id: postId },
    query: { limit: COMMENTS_PAGE_SIZE },
  });
  const page = await apiGetPage<'/api/posts/{id}/comments'>(url, signal);
  return { threads: page.items, next: page.next };
}

export function commentsQueryOptions(postId: string) {
  return queryOptions({
    queryKey: commentKeys.ofPost(postId),
    queryFn: ({ signal }) => fetchComments(postId, signal),
  });
}

/** Changes the loaded threads of a post in the cache (nothing while none are loaded). */
export function updateThreads(
  queryClient: QueryClient,
  postId: string,
  change: (threads: Comment[]) => Comment[],
): void {
  queryClient.setQueryData<LoadedThreads>(commentKeys.ofPost(postId), (loaded) =>
    loaded ? { ...loaded, threads: change(loaded.threads) } : loaded,
  );
}

/**
 * The next page of threads, added after those loaded: a thread already there (one this browser
 * just posted) is not added twice.
 */
export function useLoadMoreComments(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: string) => apiGetPage<'/api/posts/{id}/comments'>(next),
    onSuccess: (page) =>
      queryClient.setQueryData<LoadedThreads>(commentKeys.ofPost(postId), (loaded) => {
        if (!loaded) return loaded;
        const known = new Set(loaded.threads.map((thread) => thread.id));
        const added = page.items.filter((thread) => !known.has(thread.id));
        return { threads: [...loaded.threads, ...added], next: page.next };
      }),
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
  return useSingleFlightMutation({
    mutationFn: (input: NewComment) => postComment(postId, input),
    // A 403 may be a posting suspension: the banner that says until when is refreshed.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403) {
        void queryClient.invalidateQueries({ queryKey: postingSuspensionKey });
      }
    },
    onSuccess: (comment) => {
      queryClient.setQueryData<LoadedThreads>(commentKeys.ofPost(postId), (loaded) =>
        loaded
          ? { ...loaded, threads: addComment(loaded.threads, comment) }
          : { threads: [comment], next: null },
      );
      patchPostFigures(queryClient, postId, { commentsCount: (count) => count + 1 });
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
  const treeKey = commentKeys.ofPost(postId);
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_result, commentId) => {
      const tree = queryClient.getQueryData<LoadedThreads>(treeKey)?.threads;
      const removed = 1 + ((tree && findComment(tree, commentId)?.replies.length) ?? 0);
      updateThreads(queryClient, postId, (threads) => removeComment(threads, commentId));
      patchPostFigures(queryClient, postId, {
        commentsCount: (count) => Math.max(0, count - removed),
      });
    },
  });
}
