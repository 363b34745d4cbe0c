import { randomUUID } from 'node:crypto';
import { NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { GetClosedWeeksHandler } from '../get-closed-weeks/get-closed-weeks.handler';
import { GetClosedWeeksQuery } from '../get-closed-weeks/get-closed-weeks.query';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { GetClosedWeekHandler } from './get-closed-week.handler';
import { GetClosedWeekQuery } from './get-closed-week.query';

describe('the closed weeks', () => {
  const week = '2026-W47';
  const author = randomUUID();
  const postId = randomUUID();
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(author, { [`post-${postId}`]: [postPublished(postId, author)] });
    await world.given(author, {
      [`week-${week}`]: [
        {
          type: 'WeeklyCompetitionClosed',
          data: {
            week,
            startsAt: '2026-11-16T00:00:00.000Z',
            endsAt: '2026-11-23T00:00:00.000Z',
            winners: [],
          },
        },
      ],
    });
  });

  const closedWeek = (name: string) =>
    new GetClosedWeekHandler(world.reads).execute(new GetClosedWeekQuery(name));

  it('lists a closed week and answers it by name', async () => {
    const closed = await new GetClosedWeeksHandler(world.reads).execute(new GetClosedWeeksQuery());
    expect(closed.map((found) => found._id)).toEqual([week]);
    expect(await closedWeek(week)).toMatchObject({ _id: week, closed: true, winners: [] });
  });

  it('refuses a week that is not closed, and a name that is no week', async () => {
    await expect(closedWeek('2026-W48')).rejects.toThrow(NotFoundError);
    await expect(closedWeek('last week')).rejects.toThrow(ValidationError);
  });
});
