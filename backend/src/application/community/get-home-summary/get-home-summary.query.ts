import { Query } from '@nestjs/cqrs';
import type { PostView } from '../post-views';

/** What the home page shows of this week: its top three and how busy it is. */
export interface HomeSummary {
  /** The week's best three rated posts, as the weekly board ranks them (each with its rank). */
  top: PostView[];
  /** Listed posts published this week. */
  weeklyPostCount: number;
  /** Community votes that began to count this week (the daily statistics' `countedRatings`). */
  weeklyVoteCount: number;
}

export class GetHomeSummaryQuery extends Query<HomeSummary> {}
