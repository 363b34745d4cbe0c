import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { isoWeek, weekStart } from '../../../domain/competition/iso-week';
import { BOARD_SORTS, POSTS, type PostDocument } from '../../../projections/posts/posts.projection';
import {
  DAILY_STATISTICS,
  type DailyStatisticsDocument,
} from '../../../projections/statistics/statistics.projection';
import { USERS, type UserDocument } from '../../../projections/users/users.projection';
import { batchRead } from '../../ports/read-batch';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { publicProfile, withCurrentBoost } from '../post-views';
import { GetHomeSummaryQuery, type HomeSummary } from './get-home-summary.query';

export const HOME_TOP_SIZE = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * This week (ISO week, Monday 00:00 UTC on, as the weekly board) for the home page, in one round
 * trip: the top three rated posts with their authors, the week's listed posts counted, and its
 * days' statistics (whose `countedRatings` are the votes that count, as the boards add them up).
 */
@QueryHandler(GetHomeSummaryQuery)
export class GetHomeSummaryHandler implements IQueryHandler<GetHomeSummaryQuery, HomeSummary> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(): Promise<HomeSummary> {
    const now = this.clock.now();
    const board = { listed: true, week: isoWeek(now) };
    const monday = weekStart(now);
    const nextMonday = new Date(monday.getTime() + 7 * DAY_MS);
    const { top, posts, days } = await this.readStore.readMany({
      top: batchRead.findJoined<PostDocument, UserDocument>(
        POSTS,
        { ...board, averageRating: { $ne: null } },
        { sort: BOARD_SORTS.weekly, limit: HOME_TOP_SIZE },
        { collection: USERS, localField: 'authorId' },
      ),
      posts: batchRead.count(POSTS, board),
      days: batchRead.find<DailyStatisticsDocument>(DAILY_STATISTICS, {
        _id: { $gte: day(monday), $lt: day(nextMonday) },
      }),
    });
    return {
      top: top.map(({ document, joined }, index) => ({
        post: withCurrentBoost(document, now),
        author: joined ? publicProfile(joined) : null,
        rank: index + 1,
      })),
      weeklyPostCount: posts,
      weeklyVoteCount: days.reduce((sum, counted) => sum + (counted.countedRatings ?? 0), 0),
    };
  }
}

function day(at: Date): string {
  return at.toISOString().slice(0, 10);
}
