import { postsKey } from '@/lib/post-keys';

import type { BoardSelection } from '../leaderboard-search';

/** Query keys of the boards, under the reads that show posts (`lib/post-keys.ts`). */
export const boardKeys = {
  board: ({ tab, sort, q }: BoardSelection) =>
    tab === 'week'
      ? postsKey('/api/leaderboard/weekly', { q })
      : postsKey('/api/posts', { sort, q }),
  closedWeeks: postsKey('/api/leaderboard/weeks'),
};
