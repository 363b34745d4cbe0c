import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';
import { invalidatePostReads, onePostKey } from '@/lib/post-keys';

import type { OwnPost } from '../types';
import { ownPostsQueryKey } from './own-post-keys';

/** DELETE /api/user/posts/{id}: the owner only. */
export function deleteOwnPost(id: string): Promise<{ success: boolean }> {
  return apiJson('DELETE', '/api/user/posts/{id}', { params: { path: { id } } });
}

/**
 * A deleted post leaves every board, page and profile: the list drops it at once, and every
 * cached read of posts, boards and profiles (`lib/post-keys.ts`) is refetched when next shown.
 */
export function useDeleteOwnPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOwnPost,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<OwnPost[]>(ownPostsQueryKey, (posts) =>
        posts?.filter((post) => post.id !== id),
      );
      void invalidatePostReads(queryClient, 'none');
      queryClient.removeQueries({ queryKey: onePostKey(id) });
    },
  });
}
