import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

import { apiGet, apiGetPage, type Page } from '@/lib/api-client';
import type { Post } from '@/types/api';

import type { BoardSelection } from '../leaderboard-search';
import { boardKeys } from './board-keys';
import type { Schema } from '@/lib/api/schema';

/** Posts per page (the server's default, stated so the first address is explicit). */
export const BOARD_PAGE_SIZE = 24;

/**
 * The first page's address. The weekly board is ranked by rating only (no sort); both boards
 * search on the server, and a searched weekly post keeps its rank on the whole week's board.
 */
export function firstBoardPageUrl({ tab, sort, q }: BoardSelection): string {
  const params = new URLSearchParams(tab === 'week' ? {} : { sort });
  params.set('limit', String(BOARD_PAGE_SIZE));
  if (q) params.set('q', q);
  return tab === 'week'
    ? `/api/leaderboard/weekly?${params.toString()}`
    : `/api/posts?${params.toString()}`;
}

/**
 * GET /api/posts or /api/leaderboard/weekly, page after page: each page's `Link: <…>;
 * rel="next"` header is the next page's address, absent on the last.
 */
export function boardQueryOptions(selection: BoardSelection) {
  return infiniteQueryOptions({
    queryKey: boardKeys.board(selection),
    queryFn: ({ pageParam, signal }): Promise<Page<Post>> => apiGetPage<Post>(pageParam, signal),
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
  return apiGet<ClosedWeek[]>('/api/leaderboard/weeks', signal);
}

export function closedWeeksQueryOptions() {
  return queryOptions({
    queryKey: boardKeys.closedWeeks,
    queryFn: ({ signal }) => fetchClosedWeeks(signal),
  });
}
