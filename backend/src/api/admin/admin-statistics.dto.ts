import { OptionalDay } from './admin-shared.dto';

export class StatisticsQueryDto {
  @OptionalDay('from', '2026-11-01', 'First UTC day (default: 27 days before `to`)')
  from?: string;

  @OptionalDay('to', '2026-11-28', 'Last UTC day (default: today)')
  to?: string;
}
