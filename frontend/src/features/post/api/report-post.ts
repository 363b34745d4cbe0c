import { useMutation } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import { postUrl } from './post-keys';

/** POST /api/posts/{id}/report {reason}: not on one's own post, one pending report each. */
export function reportPost(postId: string, reason: string): Promise<{ success: boolean }> {
  return apiJson('POST', `${postUrl(postId)}/report`, { reason });
}

export function useReportPost(postId: string) {
  return useMutation({ mutationFn: (reason: string) => reportPost(postId, reason) });
}
