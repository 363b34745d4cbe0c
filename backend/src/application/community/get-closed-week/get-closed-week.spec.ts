import { randomUUID } from 'node:crypto';
import type { WeeklyCompetitionClosed } from '../../../domain/competition/weekly-competition.decider';
import { NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { postPublished } from '../../../../test/support/community-use-cases';
import {
  type UseCaseSpecification,
  useCase,
} from '../../../../test/support/use-case-specification';
import { GetClosedWeeksHandler } from '../get-closed-weeks/get-closed-weeks.handler';
import { GetClosedWeeksQuery } from '../get-closed-weeks/get-closed-weeks.query';
import { communityServices } from '../testing/community-use-cases';
import { GetClosedWeekHandler } from './get-closed-week.handler';
import { GetClosedWeekQuery } from './get-closed-week.query';

describe('the closed weeks', () => {
  const week = '2026-W47';
  const author = randomUUID();
  const postId = randomUUID();
  const closed: WeeklyCompetitionClosed = {
    type: 'WeeklyCompetitionClosed',
    data: {
      week,
      startsAt: '2026-11-16T00:00:00.000Z',
      endsAt: '2026-11-23T00:00:00.000Z',
      winners: [],
    },
  };
  const aWeekClosed = <Query, Answer>(spec: UseCaseSpecification<Query, Answer>) =>
    spec.given(`post-${postId}`, postPublished(postId, author)).given(`week-${week}`, closed);
  const closedWeeks = aWeekClosed(
    useCase((world) => new GetClosedWeeksHandler(communityServices(world).reads)),
  );
  const closedWeek = aWeekClosed(
    useCase((world) => new GetClosedWeekHandler(communityServices(world).reads)),
  );

  it('lists a closed week and answers it by name', async () => {
    const { answer } = await closedWeeks.when(new GetClosedWeeksQuery()).outcome();
    expect(answer?.map((found) => found._id)).toEqual([week]);
    await closedWeek
      .when(new GetClosedWeekQuery(week))
      .thenAnswers(expect.objectContaining({ _id: week, closed: true, winners: [] }));
  });

  it('refuses a week that is not closed, and a name that is no week', async () => {
    await closedWeek.when(new GetClosedWeekQuery('2026-W48')).thenThrows(NotFoundError);
    await closedWeek.when(new GetClosedWeekQuery('last week')).thenThrows(ValidationError);
  });
});
