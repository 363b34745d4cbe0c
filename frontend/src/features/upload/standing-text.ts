import { countOf } from '@/lib/plural';

import type { WeeklyStanding } from './api/weekly-standing';

/** Below this many rated posts this week, a share or a rank says little: neither is shown. */
export const STANDING_FROM_POSTS = 5;

/**
 * The two lines of a score's standing this week: where it stands (never "better than 0%", no
 * share of a week with few posts), and the rank it would take if posted now, or null where that
 * does not hold (few posts this week, or a post that would wait for approval first).
 */
export function standingText(
  standing: WeeklyStanding,
  { held = false }: { held?: boolean } = {},
): { place: string; rank: string | null } {
  const { betterThanPercent: percent, weeklyPostCount: posts } = standing;
  const rank =
    !held && posts >= STANDING_FROM_POSTS
      ? `#${standing.weeklyRankIfPosted} this week if you post it now`
      : null;
  if (percent === null || posts === 0) return { place: 'The first post this week', rank };
  if (posts < STANDING_FROM_POSTS) {
    return { place: `Only ${countOf(posts, 'rated post')} this week so far`, rank };
  }
  if (percent === 0) {
    return { place: `Not above any of this week’s ${countOf(posts, 'rated post')} yet`, rank };
  }
  return { place: `Better than ${percent}% of this week’s feet`, rank };
}
