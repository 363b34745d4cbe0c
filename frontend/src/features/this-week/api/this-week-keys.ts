import { postsKey } from '@/lib/post-keys';

/** The query key of the home page's week (`lib/post-keys.ts`). */
export const homeSummaryQueryKey = postsKey('/api/home/summary');
