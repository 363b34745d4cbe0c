import { Query } from '@nestjs/cqrs';
import type { WeeklyCompetitionDocument } from '../../../projections/weekly-competitions/weekly-competitions.projection';

export class GetClosedWeeksQuery extends Query<WeeklyCompetitionDocument[]> {}
