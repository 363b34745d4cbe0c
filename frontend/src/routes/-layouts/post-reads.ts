import { boardKeys } from '@/features/leaderboard/api/board-keys';
import { ownPostsQueryKey } from '@/features/my-posts/api/own-post-keys';
import { postKeys } from '@/features/post/api/post-keys';
import { publicProfileKeys } from '@/features/profile/api/profile-keys';
import { homeSummaryQueryKey } from '@/features/this-week/api/this-week-keys';
import type { PostReads } from '@/lib/post-reads';

/**
 * Every read that shows posts, by the keys the owning features export: what a boost or a deleted
 * post refreshes, and where a like, comment or rating changes a post's figures (see PostReads).
 * Small key modules only: this is in the first download.
 */
export const POST_READS: PostReads = {
  all: [
    postKeys.all,
    ...boardKeys.all,
    publicProfileKeys.all,
    ownPostsQueryKey,
    homeSummaryQueryKey,
  ],
  ofPost: postKeys.detail,
};
