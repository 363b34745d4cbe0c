import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { WeeklyCompetitionDocument } from '../../../projections/weekly-competitions/weekly-competitions.projection';
import { PostReads } from '../post-reads';
import { GetClosedWeekQuery } from './get-closed-week.query';

@QueryHandler(GetClosedWeekQuery)
export class GetClosedWeekHandler implements IQueryHandler<
  GetClosedWeekQuery,
  WeeklyCompetitionDocument
> {
  constructor(private readonly reads: PostReads) {}
  execute(query: GetClosedWeekQuery): Promise<WeeklyCompetitionDocument> {
    return this.reads.closedWeek(query.week);
  }
}
