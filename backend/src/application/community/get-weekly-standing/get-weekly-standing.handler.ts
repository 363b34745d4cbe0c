import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { isoWeek } from '../../../domain/competition/iso-week';
import { ValidationError } from '../../../domain/shared/errors';
import { POSTS } from '../../../projections/posts/posts.projection';
import { batchRead } from '../../ports/read-batch';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { GetWeeklyStandingQuery, type WeeklyStanding } from './get-weekly-standing.query';

export const INVALID_STANDING_SCORE =
  'score must be a number from 0 to 10 with at most one decimal';
const ONE_DECIMAL = /^(10(\.0)?|\d(\.\d)?)$/;

/**
 * A score against this week's board (ISO week, Monday 00:00 UTC on, as the weekly board), in one
 * round trip: the rated posts of the week at or above it, and those below it. The rank follows
 * the weekly board's order (rating, then votes, then oldest first; boosts do not count): a post
 * posted now has no votes yet and is the newest, so it comes after every post of the same
 * rating, and its rank is the count at or above the score, plus one.
 */
@QueryHandler(GetWeeklyStandingQuery)
export class GetWeeklyStandingHandler implements IQueryHandler<
  GetWeeklyStandingQuery,
  WeeklyStanding
> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(query: GetWeeklyStandingQuery): Promise<WeeklyStanding> {
    const text = query.score?.trim() ?? '';
    if (!ONE_DECIMAL.test(text)) throw new ValidationError(INVALID_STANDING_SCORE);
    const score = Number(text);
    const board = { listed: true, week: isoWeek(this.clock.now()) };
    const { atOrAbove, below } = await this.readStore.readMany({
      atOrAbove: batchRead.count(POSTS, { ...board, averageRating: { $gte: score } }),
      below: batchRead.count(POSTS, { ...board, averageRating: { $lt: score, $ne: null } }),
    });
    const weeklyPostCount = atOrAbove + below;
    return {
      betterThanPercent: weeklyPostCount === 0 ? null : Math.floor((below / weeklyPostCount) * 100),
      weeklyRankIfPosted: atOrAbove + 1,
      weeklyPostCount,
    };
  }
}
