import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors';
import { deciderSpecification } from '../shared/testing/decider-specification';
import {
  ALREADY_RATED,
  OWN_POST_RATING,
  postRatingDecider,
  type RatePost,
  type Rated,
  SCORE_RANGE,
  voteStreamId,
} from './post-rating.decider';

const rate = (score: number, userId = 'u-2'): RatePost => ({
  type: 'RatePost',
  data: { postId: 'p-1', userId, authorId: 'u-1', score },
});
const rated = (score: number): Rated => ({
  type: 'Rated',
  data: { postId: 'p-1', userId: 'u-2', authorId: 'u-1', score },
});

const spec = deciderSpecification(postRatingDecider);

describe('post rating decider', () => {
  it('records a community rating of a post', () => {
    spec
      .given()
      .when(rate(8))
      .then([rated(8)]);
  });

  it.each([0, 10])('accepts a score of %p, the bounds of the scale', (score) => {
    spec
      .given()
      .when(rate(score))
      .then([rated(score)]);
  });

  it.each([-1, 11, 7.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses a score of %p', (score) => {
    spec.given().when(rate(score)).thenThrows(ValidationError, SCORE_RANGE);
  });

  it('refuses a rating of one’s own post', () => {
    spec.given().when(rate(9, 'u-1')).thenThrows(ForbiddenError, OWN_POST_RATING);
  });

  it('rejects a second rating by the same user', () => {
    spec.given(rated(8)).when(rate(3)).thenThrows(ConflictError, ALREADY_RATED);
    spec.given(rated(8)).when(rate(8)).thenThrows(ConflictError, ALREADY_RATED);
  });

  it('remembers the score given', () => {
    expect(spec.given(rated(6)).state()).toEqual({ status: 'rated', score: 6 });
  });

  it('keeps one stream per rater and post', () => {
    expect(voteStreamId('p-1', 'u-2')).toBe('vote-p-1-u-2');
  });
});
