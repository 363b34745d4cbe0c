/**
 * The leaderboard's state in its address (`/leaderboard?tab=week&sort=top&q=toes`): which board,
 * which order and what is searched. Defaults are left out so the plain address stays plain.
 */

export type BoardTab = 'all' | 'week';
export type BoardSort = 'recent' | 'top';

export interface LeaderboardSearch {
  tab?: BoardTab;
  sort?: BoardSort;
  q?: string;
}

/** The server accepts search terms of at most 100 characters. */
export const SEARCH_MAX_LENGTH = 100;

export function validateLeaderboardSearch(raw: Record<string, unknown>): LeaderboardSearch {
  // Every key it owns is named, undefined when refused (see routes/login.tsx).
  const search: LeaderboardSearch = { tab: undefined, sort: undefined, q: undefined };
  if (raw.tab === 'week') search.tab = 'week';
  if (raw.sort === 'top') search.sort = 'top';
  // A numeric-looking term arrives parsed as a number; search for it as text.
  const q =
    typeof raw.q === 'string' ? raw.q : typeof raw.q === 'number' ? String(raw.q) : undefined;
  const term = q?.trim().slice(0, SEARCH_MAX_LENGTH);
  if (term) search.q = term;
  return search;
}

/** The board a search shows, with every default filled in. */
export interface BoardSelection {
  tab: BoardTab;
  sort: BoardSort;
  q: string;
}

export function boardSelection(search: LeaderboardSearch): BoardSelection {
  return { tab: search.tab ?? 'all', sort: search.sort ?? 'recent', q: search.q ?? '' };
}

/** The address search for a selection, defaults dropped. */
export function toLeaderboardSearch(selection: BoardSelection): LeaderboardSearch {
  return validateLeaderboardSearch({ ...selection });
}
