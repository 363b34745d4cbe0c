import type { WeeklyWinner } from '../../domain/competition/weekly-competition.decider';
import type { RecordedEvent } from '../../domain/shared/event';
import {
  projectionSpecification,
  recorded as recordedEvent,
} from '../testing/projection-specification';
import { weeklyCompetitionsProjection as projection } from './weekly-competitions.projection';

const recorded = (type: string, data: unknown, at: string): RecordedEvent =>
  recordedEvent(type, data, {
    at,
    streamId: 'stream',
    metadata: { actor: { type: 'system', id: 'system' } },
  });

const published = (at: string, postId = 'p-1') =>
  recorded(
    'PostPublished',
    {
      postId,
      authorId: 'u-1',
      image: {
        imageUrl: '/uploads/ab/ab12.webp',
        thumbnailUrl: '/uploads/ab/ab12.thumb.webp',
        imageHash: '0f0f0f0f0f0f0f0f',
        contentHash: 'ab12',
      },
      ai: null,
    },
    at,
  );

const winner: WeeklyWinner = {
  rank: 1,
  postId: 'p-1',
  userId: 'u-1',
  username: 'SunnyOtter0427',
  displayUsername: 'Ann_B',
  imageUrl: '/uploads/ab/ab12.webp',
  thumbnailUrl: '/uploads/ab/ab12.thumb.webp',
  averageRating: 8.5,
  voteCount: 4,
};

const CLOSED_AT = '2026-11-23T00:05:00.000Z';
const closed = (winners: WeeklyWinner[] = [winner], week = '2026-W47') =>
  recorded(
    'WeeklyCompetitionClosed',
    {
      week,
      startsAt: '2026-11-16T00:00:00.000Z',
      endsAt: '2026-11-23T00:00:00.000Z',
      winners,
    },
    CLOSED_AT,
  );

const spec = projectionSpecification(projection);

describe('weekly competitions projection', () => {
  it('given a post, opens the week it was published in', () => {
    const event = published('2026-11-22T23:59:59.999Z');
    expect(projection.documentId(event)).toBe('2026-W47');
    spec.given(event).then({
      _id: '2026-W47',
      startsAt: '2026-11-16T00:00:00.000Z',
      endsAt: '2026-11-23T00:00:00.000Z',
      closed: false,
      closedAt: null,
      winners: [],
    });
  });

  it('files a post of Monday 00:00 UTC under the new week', () => {
    const event = published('2026-11-23T00:00:00.000Z');
    expect(projection.documentId(event)).toBe('2026-W48');
    spec.given(event).thenMatches({
      _id: '2026-W48',
      startsAt: '2026-11-23T00:00:00.000Z',
      endsAt: '2026-11-30T00:00:00.000Z',
    });
  });

  it('files the turn of the year under the ISO week-numbering year', () => {
    const event = published('2027-01-01T10:00:00.000Z');
    expect(projection.documentId(event)).toBe('2026-W53');
    spec.given(event).thenMatches({
      startsAt: '2026-12-28T00:00:00.000Z',
      endsAt: '2027-01-04T00:00:00.000Z',
    });
  });

  it('keeps one document for all the posts of a week', () => {
    spec
      .given(published('2026-11-16T08:00:00.000Z'), published('2026-11-20T08:00:00.000Z', 'p-2'))
      .thenUnchanged();
  });

  it('freezes the winners and the closing time when the week closes', () => {
    expect(projection.documentId(closed())).toBe('2026-W47');
    spec.given(published('2026-11-18T08:00:00.000Z'), closed()).then({
      _id: '2026-W47',
      startsAt: '2026-11-16T00:00:00.000Z',
      endsAt: '2026-11-23T00:00:00.000Z',
      closed: true,
      closedAt: CLOSED_AT,
      winners: [winner],
    });
  });

  it('records a closed week even when it had no posts', () => {
    spec.given(closed([])).thenMatches({ _id: '2026-W47', closed: true, winners: [] });
  });

  it('leaves a closed week as it was when a late post of that week arrives', () => {
    spec
      .given(
        published('2026-11-18T08:00:00.000Z'),
        closed(),
        published('2026-11-22T23:00:00.000Z', 'p-9'),
      )
      .thenUnchanged();
  });

  it('ignores a closing event without a week instead of throwing', () => {
    expect(projection.documentId(recorded('WeeklyCompetitionClosed', null, CLOSED_AT))).toBeNull();
    expect(
      projection.documentId(recorded('WeeklyCompetitionClosed', { week: 47 }, CLOSED_AT)),
    ).toBeNull();
  });

  it('given an erased account, takes it out of the archives it won, the others keeping their ranks', () => {
    const second = {
      ...winner,
      rank: 2,
      postId: 'p-2',
      userId: 'u-2',
      username: 'Bob',
      displayUsername: null,
    };
    const erased = recorded(
      'AccountErased',
      { userId: 'u-1', tokenHashes: [], archivedWeeks: ['2026-W47'] },
      '2026-12-01T00:00:00.000Z',
    );
    expect(projection.documentId(erased)).toEqual(['2026-W47']);
    expect(spec.given(closed([winner, second]), erased).document()?.winners).toEqual([second]);
    spec.given(erased).thenGone();
  });
});
