import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson, errorStatus } from '@/lib/api-client';

import type { PostPage } from '../types';
import { postKeys, postUrl } from './post-keys';

/** POST /api/posts/{id}/report {reason}: not on one's own post, one pending report each. */
export function reportPost(postId: string, reason: string): Promise<{ success: boolean }> {
  return apiJson('POST', `${postUrl(postId)}/report`, { reason });
}

/**
 * Reports the post; once the report is in (or the server says one is already waiting), the
 * page's Report button turns into "Reported" at once, before the post is read again.
 */
export function useReportPost(postId: string) {
  const queryClient = useQueryClient();
  const markReported = () =>
    queryClient.setQueryData<PostPage>(postKeys.detail(postId), (post) =>
      post ? { ...post, reportedByViewer: true } : post,
    );
  return useMutation({
    mutationFn: (reason: string) => reportPost(postId, reason),
    onSuccess: markReported,
    onError: (error) => {
      if (errorStatus(error) === 409) markReported();
    },
  });
}
