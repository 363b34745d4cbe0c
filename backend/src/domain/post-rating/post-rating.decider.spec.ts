import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors';
import { deciderSpecification, metadataAt } from '../shared/testing/decider-specification';
import {
  ALREADY_RATED,
  type CountRating,
  OWN_POST_RATING,
  postRatingDecider,
  type RatePost,
  type Rated,
  SCORE_RANGE,
  voteStreamId,
} from './post-rating.decider';
import type { Voter } from './vote-standing';

const NOW = new Date('2026-11-18T12:00:00.000Z');
const DAY_AGO = '2026-11-17T12:00:00.000Z';
const voter = (changes: Partial<Voter> = {}): Voter => ({
  registeredAt: '2026-10-01T00:00:00.000Z',
  registrationNetwork: 'net-rater',
  networks: ['net-rater'],
  browsers: ['browser-rater'],
  clusterHeld: false,
  ...changes,
});
const AUTHOR = voter({
  registrationNetwork: 'net-author',
  networks: ['net-author', 'net-office'],
  browsers: ['browser-author'],
});
const rate = (
  score: number,
  userId = 'u-2',
  rater: Voter | null = voter(),
  now = NOW,
): RatePost => ({
  type: 'RatePost',
  data: { postId: 'p-1', userId, authorId: 'u-1', score, rater, author: AUTHOR },
  metadata: metadataAt(now),
});
const rated = (score: number, held: Partial<Rated['data']> = {}): Rated => ({
  type: 'Rated',
  data: { postId: 'p-1', userId: 'u-2', authorId: 'u-1', score, ...held },
});
const count = (at: Date, raterClusterHeld = false): CountRating => ({
  type: 'CountRating',
  data: { raterClusterHeld },
  metadata: metadataAt(at),
});
const counted = (score: number, reason: 'account-day-old' | 'cluster-cleared') => ({
  type: 'RatingCounted' as const,
  data: { postId: 'p-1', userId: 'u-2', authorId: 'u-1', score, reason },
});
const TOMORROW = '2026-11-19T06:00:00.000Z';

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
    expect(spec.given(rated(6)).state()).toMatchObject({
      status: 'rated',
      score: 6,
      counted: true,
    });
  });

  describe('honest votes', () => {
    it('counts a rating from an unrelated account at once', () => {
      spec
        .given()
        .when(rate(7))
        .then([rated(7)]);
    });

    it('holds out a rating from an account registered on a network the author uses', () => {
      const neighbour = voter({ registrationNetwork: 'net-office', networks: ['net-office'] });
      spec
        .given()
        .when(rate(9, 'u-2', neighbour))
        .then([rated(9, { heldOut: ['same-network'], countsFrom: null })]);
    });

    it('holds out a rating from an account sharing a browser with the author', () => {
      const sibling = voter({ browsers: ['browser-other', 'browser-author'] });
      spec
        .given()
        .when(rate(9, 'u-2', sibling))
        .then([rated(9, { heldOut: ['same-browser'], countsFrom: null })]);
    });

    describe('where the rating itself comes from', () => {
      const from = (network: string | null, browser: string | null): RatePost => {
        const command = rate(9);
        return { ...command, data: { ...command.data, from: { network, browser } } };
      };

      it('holds out a rating cast from a network the author uses by an account registered elsewhere', () => {
        spec
          .given()
          .when(from('net-office', 'browser-rater'))
          .then([rated(9, { heldOut: ['same-network'], countsFrom: null })]);
      });

      it('holds out a rating cast from the author’s browser by an account that never signed in there', () => {
        spec
          .given()
          .when(from(null, 'browser-author'))
          .then([rated(9, { heldOut: ['same-browser'], countsFrom: null })]);
      });

      it('counts a rating cast from a network and a browser the author never used', () => {
        spec
          .given()
          .when(from('net-cafe', 'browser-rater'))
          .then([rated(9)]);
      });
    });

    it('holds out a rating from an account in a burst of sign-ups not cleared', () => {
      spec
        .given()
        .when(rate(9, 'u-2', voter({ clusterHeld: true })))
        .then([rated(9, { heldOut: ['cluster'], countsFrom: null })]);
    });

    it('holds a young account’s rating until the account is a day old', () => {
      const young = voter({ registeredAt: '2026-11-18T06:00:00.000Z' });
      spec
        .given()
        .when(rate(9, 'u-2', young))
        .then([rated(9, { heldOut: ['young-account'], countsFrom: TOMORROW })]);
    });

    it('counts the rating of an account exactly a day old', () => {
      spec
        .given()
        .when(rate(9, 'u-2', voter({ registeredAt: DAY_AGO })))
        .then([rated(9)]);
    });

    it('counts a young account’s rating once the day has passed, once', () => {
      const youngRating = rated(9, { heldOut: ['young-account'], countsFrom: TOMORROW });
      spec
        .given(youngRating)
        .when(count(new Date('2026-11-19T05:59:59.999Z')))
        .thenNothing();
      spec
        .given(youngRating)
        .when(count(new Date(TOMORROW)))
        .then([counted(9, 'account-day-old')]);
      spec
        .given(youngRating, counted(9, 'account-day-old'))
        .when(count(new Date(TOMORROW)))
        .thenNothing();
    });

    it('keeps a young rating out while its account joined a burst meanwhile', () => {
      const youngRating = rated(9, { heldOut: ['young-account'], countsFrom: TOMORROW });
      spec
        .given(youngRating)
        .when(count(new Date(TOMORROW), true))
        .thenNothing();
    });

    it('counts a burst’s rating once the burst is cleared', () => {
      const clusterRating = rated(4, { heldOut: ['cluster'], countsFrom: null });
      spec.given(clusterRating).when(count(NOW, true)).thenNothing();
      spec
        .given(clusterRating)
        .when(count(NOW))
        .then([counted(4, 'cluster-cleared')]);
    });

    it('never counts a rating tied to the author, nor one that already counts', () => {
      spec
        .given(rated(9, { heldOut: ['same-browser', 'cluster'], countsFrom: null }))
        .when(count(NOW))
        .thenNothing();
      spec.given(rated(9)).when(count(NOW)).thenNothing();
      spec.given().when(count(NOW)).thenNothing();
    });
  });

  it('keeps one stream per rater and post', () => {
    expect(voteStreamId('p-1', 'u-2')).toBe('vote-p-1-u-2');
  });

  it('sets a banned rater’s rating aside, saying whether it counted; a held one does not come to count until the lift', () => {
    const vote = { postId: 'p-1', userId: 'u-2', authorId: 'u-1' };
    spec
      .given(rated(7))
      .when({ type: 'SetVoteAside' })
      .then([{ type: 'VoteSetAside', data: { ...vote, score: 7, counted: true } }]);
    const young = rated(9, { heldOut: ['young-account'], countsFrom: TOMORROW });
    const aside = { type: 'VoteSetAside' as const, data: { ...vote, score: 9, counted: false } };
    spec.given(young).when({ type: 'SetVoteAside' }).then([aside]);
    spec.given(young, aside).when({ type: 'SetVoteAside' }).thenNothing();
    spec
      .given(young, aside)
      .when(count(new Date(TOMORROW)))
      .thenNothing();
    const restored = { type: 'VoteRestored' as const, data: { ...vote, score: 9, counted: false } };
    spec.given(young, aside).when({ type: 'RestoreVote' }).then([restored]);
    spec
      .given(young, aside, restored)
      .when(count(new Date(TOMORROW)))
      .then([counted(9, 'account-day-old')]);
    spec.given(rated(7)).when({ type: 'RestoreVote' }).thenNothing();
    spec.given().when({ type: 'SetVoteAside' }).thenNothing();
  });
});
