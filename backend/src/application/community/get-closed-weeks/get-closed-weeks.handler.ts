import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { WeeklyCompetitionDocument } from '../../../projections/weekly-competitions/weekly-competitions.projection';
import { PostReads } from '../post-reads';
import { GetClosedWeeksQuery } from './get-closed-weeks.query';

@QueryHandler(GetClosedWeeksQuery)
export class GetClosedWeeksHandler implements IQueryHandler<
  GetClosedWeeksQuery,
  WeeklyCompetitionDocument[]
> {
  constructor(private readonly reads: PostReads) {}
  execute(_query: GetClosedWeeksQuery): Promise<WeeklyCompetitionDocument[]> {
    return this.reads.closedWeeks();
  }
}
