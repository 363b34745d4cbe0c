import { fold } from '../shared/decider';
import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors';
import {
  ALREADY_RATED,
  OWN_POST_RATING,
  postRatingDecider as decider,
  type RatePost,
  type Rated,
  SCORE_RANGE,
  voteStreamId,
} from './post-rating.decider';

const rate = (score: number, userId = 'u-2'): RatePost => ({
  type: 'RatePost',
  data: { postId: 'p-1', userId, authorId: 'u-1', score },
});

const given = (...events: Rated[]) => fold(decider, events);
const when = (history: Rated[], command: RatePost) => decider.decide(command, given(...history));

describe('post rating decider', () => {
  it('records a community rating of a post', () => {
    expect(when([], rate(8))).toEqual([
      { type: 'Rated', data: { postId: 'p-1', userId: 'u-2', authorId: 'u-1', score: 8 } },
    ]);
  });

  it.each([0, 10])('accepts a score of %p, the bounds of the scale', (score) => {
    expect(when([], rate(score))).toEqual([
      { type: 'Rated', data: { postId: 'p-1', userId: 'u-2', authorId: 'u-1', score } },
    ]);
  });

  it.each([-1, 11, 7.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses a score of %p', (score) => {
    expect(() => when([], rate(score))).toThrow(ValidationError);
    expect(() => when([], rate(score))).toThrow(SCORE_RANGE);
  });

  it('refuses a rating of one’s own post', () => {
    expect(() => when([], rate(9, 'u-1'))).toThrow(ForbiddenError);
    expect(() => when([], rate(9, 'u-1'))).toThrow(OWN_POST_RATING);
  });

  it('rejects a second rating by the same user', () => {
    const history = when([], rate(8));
    expect(() => when(history, rate(3))).toThrow(ConflictError);
    expect(() => when(history, rate(8))).toThrow(ALREADY_RATED);
  });

  it('remembers the score given', () => {
    expect(given(...when([], rate(6)))).toEqual({ status: 'rated', score: 6 });
  });

  it('keeps one stream per rater and post', () => {
    expect(voteStreamId('p-1', 'u-2')).toBe('vote-p-1-u-2');
  });
});
