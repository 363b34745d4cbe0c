import { useQueryClient } from '@tanstack/react-query';

import { apiJson, errorStatus } from '@/lib/api-client';
import type { ReportCategory } from '@/lib/report-categories';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';

import type { PostPage } from '../types';
import { postKeys } from './post-keys';

export interface ReportInput {
  category: ReportCategory;
  /** Optional details; left out when empty. */
  reason: string;
}

/**
 * POST /api/posts/{id}/report {category, reason?}: not on one's own post, one pending report
 * each.
 */
export function reportPost(postId: string, input: ReportInput): Promise<{ success: boolean }> {
  const body = input.reason ? input : { category: input.category };
  return apiJson('POST', '/api/posts/{id}/report', { params: { path: { id: postId } }, body });
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
  return useSingleFlightMutation({
    mutationFn: (input: ReportInput) => reportPost(postId, input),
    onSuccess: markReported,
    onError: (error) => {
      if (errorStatus(error) === 409) markReported();
    },
  });
}
