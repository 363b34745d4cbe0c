import type { BoardSelection } from '../leaderboard-search';

/** Query keys of the boards: each names the API path it reads (the project's convention). */
export const boardKeys = {
  board: ({ tab, sort, q }: BoardSelection) =>
    tab === 'week'
      ? (['/api/leaderboard/weekly', { q }] as const)
      : (['/api/posts', { sort, q }] as const),
  closedWeeks: ['/api/leaderboard/weeks'] as const,
  /** Every board read: the general and weekly boards and the closed weeks. */
  all: [['/api/posts'], ['/api/leaderboard/weekly'], ['/api/leaderboard/weeks']] as const,
};
