import { useCase } from '../../../../test/support/use-case-specification';
import { ValidationError } from '../../../domain/shared/errors';
import { postAt } from '../testing/admin-events';
import { givenHistory, type History, id, NOW } from '../testing/admin-use-cases';
import { GetStatisticsHandler } from './get-statistics.handler';
import { GetStatisticsQuery } from './get-statistics.query';

describe('statistics', () => {
  const getStatistics = useCase((world) => new GetStatisticsHandler(world.readStore), {
    now: NOW,
  });
  /** `count` posts published on `day`. */
  const postsOn = (day: string, count: number, first: number): History =>
    Array.from({ length: count }, (_, i) =>
      postAt(`${day}T12:00:00.000Z`, { postId: id(first + i), authorId: id(99) }),
    );

  it('given posts on two days, when a range is asked for, then every day of it is answered (missing ones as zeros) and summed per ISO week', async () => {
    const { answer: stats } = await givenHistory(
      getStatistics,
      postsOn('2026-11-22', 2, 1),
      postsOn('2026-11-23', 5, 10),
    )
      .when(new GetStatisticsQuery('2026-11-21', '2026-11-23'))
      .outcome();
    expect(stats?.days.map((day) => [day.day, day.posts])).toEqual([
      ['2026-11-21', 0],
      ['2026-11-22', 2],
      ['2026-11-23', 5],
    ]);
    // Sunday the 22nd ends week 47; Monday the 23rd starts week 48.
    expect(stats?.weeks.map((week) => [week.week, week.posts])).toEqual([
      ['2026-W47', 2],
      ['2026-W48', 5],
    ]);
  });

  it('given nothing, when a range over 366 days or upside down is asked for, then it is refused', async () => {
    await getStatistics
      .when(new GetStatisticsQuery('2024-01-01', '2026-01-01'))
      .thenThrows(ValidationError);
    await getStatistics
      .when(new GetStatisticsQuery('2026-02-01', '2026-01-01'))
      .thenThrows(ValidationError, 'from must not be after to');
  });
});
