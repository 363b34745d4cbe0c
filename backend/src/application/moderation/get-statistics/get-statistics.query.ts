import { Query } from '@nestjs/cqrs';
import type { DailyStatisticsDocument } from '../../../projections/statistics/statistics.projection';

export type StatisticsRow = Omit<DailyStatisticsDocument, '_id'>;

export interface Statistics {
  from: string;
  to: string;
  /** Oldest first, missing days as zeros. */
  days: (StatisticsRow & { day: string })[];
  /** The ISO weeks of those days, summed. */
  weeks: (StatisticsRow & { week: string })[];
}

/**
 * Activity and revenue per day and per ISO week between two UTC days (at most 366 days apart);
 * `to` defaults to today, `from` to 27 days before `to`.
 */
export class GetStatisticsQuery extends Query<Statistics> {
  constructor(
    readonly from: string | undefined,
    readonly to: string | undefined,
  ) {
    super();
  }
}
