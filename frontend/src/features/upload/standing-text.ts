import { countOf } from '@/lib/plural';

import type { WeeklyStanding } from './api/weekly-standing';

/** The two lines of a score's standing this week (never "better than 0%"). */
export function standingText(standing: WeeklyStanding): { place: string; rank: string } {
  const rank = `#${standing.weeklyRankIfPosted} this week if you post it now`;
  const { betterThanPercent: percent, weeklyPostCount: posts } = standing;
  if (percent === null || posts === 0) return { place: 'The first post this week', rank };
  if (percent === 0) {
    return { place: `Not above any of this week’s ${countOf(posts, 'rated post')} yet`, rank };
  }
  return { place: `Better than ${percent}% of this week’s feet`, rank };
}
