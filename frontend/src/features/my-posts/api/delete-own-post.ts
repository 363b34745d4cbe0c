import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import type { OwnPost } from '../types';
import { OWN_POSTS_QUERY_KEY } from './own-posts';

/** DELETE /api/user/posts/{id}: the owner only. */
export function deleteOwnPost(id: string): Promise<{ success: boolean }> {
  return apiJson('DELETE', `/api/user/posts/${encodeURIComponent(id)}`);
}

/**
 * A deleted post leaves every board, page and profile: the list drops it at once, and every
 * cached read of posts, boards and profiles (keyed by their API paths) is refetched when next
 * shown.
 */
export function useDeleteOwnPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOwnPost,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<OwnPost[]>(OWN_POSTS_QUERY_KEY, (posts) =>
        posts?.filter((post) => post.id !== id),
      );
      for (const path of ['/api/posts', '/api/leaderboard/weekly', '/api/users']) {
        void queryClient.invalidateQueries({ queryKey: [path], refetchType: 'none' });
      }
      queryClient.removeQueries({ queryKey: ['/api/posts', id] });
    },
  });
}
