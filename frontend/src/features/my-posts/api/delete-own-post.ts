import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';
import { invalidatePostReads, usePostReads } from '@/lib/post-reads';

import type { OwnPost } from '../types';
import { ownPostsQueryKey } from './own-post-keys';

/** DELETE /api/user/posts/{id}: the owner only. */
export function deleteOwnPost(id: string): Promise<{ success: boolean }> {
  return apiJson('DELETE', '/api/user/posts/{id}', { params: { path: { id } } });
}

/**
 * A deleted post leaves every board, page and profile: the list drops it at once, and every
 * cached read of posts, boards and profiles (see PostReads) is refetched when next shown.
 */
export function useDeleteOwnPost() {
  const queryClient = useQueryClient();
  const postReads = usePostReads();
  return useMutation({
    mutationFn: deleteOwnPost,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<OwnPost[]>(ownPostsQueryKey, (posts) =>
        posts?.filter((post) => post.id !== id),
      );
      void invalidatePostReads(queryClient, postReads, 'none');
      queryClient.removeQueries({ queryKey: postReads.ofPost(id) });
    },
  });
}
