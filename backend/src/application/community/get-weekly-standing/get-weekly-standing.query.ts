import { Query } from '@nestjs/cqrs';

/** Where a score stands among this week's rated posts, and where it would rank if posted now. */
export interface WeeklyStanding {
  /** Share of this week's rated posts rated below the score, whole percent; null when none. */
  betterThanPercent: number | null;
  /** The place a post of this score would take on this week's board if posted now. */
  weeklyRankIfPosted: number;
  /** This week's rated posts (the posts that have a place on the weekly board). */
  weeklyPostCount: number;
}

export class GetWeeklyStandingQuery extends Query<WeeklyStanding> {
  /** `score` as the request gave it: checked by the handler (0–10, at most one decimal). */
  constructor(readonly score: string | undefined) {
    super();
  }
}
