import { deciderSpecification } from '../shared/testing/decider-specification';
import {
  type CloseWeeklyCompetition,
  WINNERS_PER_WEEK,
  type WeeklyCompetitionClosed,
  weeklyCompetitionDecider as decider,
  type WeeklyWinner,
  weekStreamId,
} from './weekly-competition.decider';

const winner = (n: number): WeeklyWinner => ({
  rank: 0,
  postId: `p-${n}`,
  userId: `u-${n}`,
  username: `SunnyOtter000${n}`,
  displayUsername: n === 1 ? 'Ann_B' : null,
  imageUrl: `/uploads/0${n}/0${n}.webp`,
  thumbnailUrl: `/uploads/0${n}/0${n}.thumb.webp`,
  averageRating: 10 - n / 2,
  voteCount: 10 - n,
});

const close = (winners: WeeklyWinner[]): CloseWeeklyCompetition => ({
  type: 'CloseWeeklyCompetition',
  data: {
    week: '2026-W47',
    startsAt: '2026-11-16T00:00:00.000Z',
    endsAt: '2026-11-23T00:00:00.000Z',
    winners,
  },
});

const spec = deciderSpecification(decider);
const when = (history: WeeklyCompetitionClosed[], command: CloseWeeklyCompetition) =>
  spec.given(history).when(command).events();

describe('weekly competition decider', () => {
  it('closes the week with its winners ranked from 1 in the order given', () => {
    const winners = [winner(1), winner(2), winner(3)];
    expect(when([], close(winners))).toEqual([
      {
        type: 'WeeklyCompetitionClosed',
        data: {
          week: '2026-W47',
          startsAt: '2026-11-16T00:00:00.000Z',
          endsAt: '2026-11-23T00:00:00.000Z',
          winners: winners.map((w, index) => ({ ...w, rank: index + 1 })),
        },
      },
    ]);
  });

  it('keeps only the top five winners', () => {
    const [event] = when([], close([1, 2, 3, 4, 5, 6, 7].map(winner)));
    expect(WINNERS_PER_WEEK).toBe(5);
    expect(event.data.winners.map((w) => [w.rank, w.postId])).toEqual([
      [1, 'p-1'],
      [2, 'p-2'],
      [3, 'p-3'],
      [4, 'p-4'],
      [5, 'p-5'],
    ]);
  });

  it('closes a week without posts with no winners', () => {
    const [event] = when([], close([]));
    expect(event.data.winners).toEqual([]);
  });

  it('records nothing when re-closing a closed week', () => {
    const history = when([], close([winner(1)]));
    expect(spec.given(...history).state()).toEqual({ closed: true });
    expect(when(history, close([winner(2)]))).toEqual([]);
  });

  it('keeps one stream per week', () => {
    expect(weekStreamId('2026-W47')).toBe('week-2026-W47');
  });
});
