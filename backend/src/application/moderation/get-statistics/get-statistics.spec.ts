import { ValidationError } from '../../../domain/shared/errors';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { DAILY_STATISTICS, emptyDay } from '../../../projections/statistics/statistics.projection';
import { adminWorld, type AdminWorld, NOW } from '../testing/admin-world';
import { GetStatisticsHandler } from './get-statistics.handler';
import { GetStatisticsQuery } from './get-statistics.query';

describe('statistics', () => {
  let world: AdminWorld;
  let handler: GetStatisticsHandler;

  beforeEach(() => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    handler = new GetStatisticsHandler(world.reads);
  });

  it('answers every day of the range (missing ones as zeros) and sums them per ISO week', async () => {
    await world.documents(
      DAILY_STATISTICS,
      { ...emptyDay('2026-11-22'), posts: 2 },
      { ...emptyDay('2026-11-23'), posts: 5 },
    );
    const stats = await handler.execute(new GetStatisticsQuery('2026-11-21', '2026-11-23'));
    expect(stats.days.map((day) => [day.day, day.posts])).toEqual([
      ['2026-11-21', 0],
      ['2026-11-22', 2],
      ['2026-11-23', 5],
    ]);
    // Sunday the 22nd ends week 47; Monday the 23rd starts week 48.
    expect(stats.weeks.map((week) => [week.week, week.posts])).toEqual([
      ['2026-W47', 2],
      ['2026-W48', 5],
    ]);
  });

  it('refuses a range over 366 days or upside down', async () => {
    await expect(
      handler.execute(new GetStatisticsQuery('2024-01-01', '2026-01-01')),
    ).rejects.toThrow(ValidationError);
    await expect(
      handler.execute(new GetStatisticsQuery('2026-02-01', '2026-01-01')),
    ).rejects.toThrow('from must not be after to');
  });
});
