import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

import { apiGet, apiUrl } from '@/lib/api-client';
import { apiGetPage, type Page } from '@/lib/api-pages';
import type { Post } from '@/types/api';

import type { BoardSelection } from '../leaderboard-search';
import { boardKeys } from './board-keys';
import type { Schema } from '@/lib/api/schema';

/** The boards' paths: both answer pages of posts. */
type BoardPath = '/api/posts' | '/api/leaderboard/weekly';

/** Posts per page (the server's default, stated so the first address is explicit). */
export const BOARD_PAGE_SIZE = 24;

/**
 * The first page's address. The weekly board is ranked by rating only (no sort); both boards
 * search on the server, and a searched weekly post keeps its rank on the whole week's board.
 */
export function firstBoardPageUrl({ tab, sort, q }: BoardSelection): string {
  return tab === 'week'
    ? apiUrl('/api/leaderboard/weekly', { query: { limit: BOARD_PAGE_SIZE, q } })
    : apiUrl('/api/posts', { query: { sort, limit: BOARD_PAGE_SIZE, q } });
}

/**
 * GET /api/posts or /api/leaderboard/weekly, page after page: each page's `Link: <…>;
 * rel="next"` header is the next page's address, absent on the last.
 */
export function boardQueryOptions(selection: BoardSelection) {
  return infiniteQueryOptions({
    queryKey: boardKeys.board(selection),
    queryFn: ({ pageParam, signal }): Promise<Page<Post>> =>
      apiGetPage<BoardPath>(pageParam, signal),
    initialPageParam: firstBoardPageUrl(selection),
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
  });
}

/** A closed week's frozen top 5 (docs/community.md `winners`). */
export type WeeklyWinner = Schema<'WeeklyWinnerResponse'>;

/** A closed week (ISO week, e.g. '2026-W47') and its winners. */
export type ClosedWeek = Schema<'WeekResponse'>;

/** GET /api/leaderboard/weeks: closed weeks, newest first. */
export function fetchClosedWeeks(signal?: AbortSignal): Promise<ClosedWeek[]> {
  return apiGet('/api/leaderboard/weeks', { signal });
}

export function closedWeeksQueryOptions() {
  return queryOptions({
    queryKey: boardKeys.closedWeeks,
    queryFn: ({ signal }) => fetchClosedWeeks(signal),
  });
}
