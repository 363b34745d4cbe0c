import { Query } from '@nestjs/cqrs';
import type { WeeklyCompetitionDocument } from '../../../projections/weekly-competitions/weekly-competitions.projection';

export class GetClosedWeekQuery extends Query<WeeklyCompetitionDocument> {
  constructor(readonly week: string) {
    super();
  }
}
