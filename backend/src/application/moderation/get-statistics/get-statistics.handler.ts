import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isoWeek } from '../../../domain/competition/iso-week';
import { ValidationError } from '../../../domain/shared/errors';
import {
  DAILY_STATISTICS,
  type DailyStatisticsDocument,
  emptyDay,
} from '../../../projections/statistics/statistics.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { dayStart } from '../admin-lists';
import { GetStatisticsQuery, type Statistics, type StatisticsRow } from './get-statistics.query';

const DAY_MS = 86_400_000;

@QueryHandler(GetStatisticsQuery)
export class GetStatisticsHandler implements IQueryHandler<GetStatisticsQuery, Statistics> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute(query: GetStatisticsQuery): Promise<Statistics> {
    // The default range follows the server's own calendar day, as it always has.
    const to = query.to ?? new Date().toISOString().slice(0, 10);
    const from = query.from ?? new Date(Date.parse(to) - 27 * DAY_MS).toISOString().slice(0, 10);
    const start = dayStart(from, 'from').slice(0, 10);
    const end = dayStart(to, 'to').slice(0, 10);
    if (start > end) throw new ValidationError('from must not be after to');
    const span = (Date.parse(end) - Date.parse(start)) / DAY_MS;
    if (span > 366) throw new ValidationError('A range is at most 366 days');
    const stored = await this.readStore.find<DailyStatisticsDocument>(DAILY_STATISTICS, {
      _id: { $gte: start, $lte: end },
    });
    const byDay = new Map(stored.map((day) => [day._id, day]));
    const days: DailyStatisticsDocument[] = [];
    for (let t = Date.parse(start); t <= Date.parse(end); t += DAY_MS) {
      const day = new Date(t).toISOString().slice(0, 10);
      days.push({ ...emptyDay(day), ...byDay.get(day) });
    }
    return {
      from,
      to,
      days: days.map(({ _id, ...counts }) => ({ day: _id, ...counts })),
      weeks: weekTotals(days),
    };
  }
}

function weekTotals(
  days: readonly DailyStatisticsDocument[],
): (StatisticsRow & { week: string })[] {
  const weeks = new Map<string, StatisticsRow & { week: string }>();
  for (const day of days) {
    const week = isoWeek(new Date(`${day._id}T12:00:00.000Z`));
    const total = weeks.get(week) ?? { ...withoutId(emptyDay(day._id)), week };
    for (const [key, value] of Object.entries(withoutId(day))) {
      (total as Record<string, unknown>)[key] =
        ((total as Record<string, unknown>)[key] as number) + (value as number);
    }
    weeks.set(week, total);
  }
  return [...weeks.values()];
}

function withoutId(day: DailyStatisticsDocument): StatisticsRow {
  const { _id: _ignored, ...rest } = day;
  return rest;
}
