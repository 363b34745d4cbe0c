import type { RecordedEvent } from '../../domain/shared/event';
import { CLUSTERS_SORT } from '../clusters/clusters.projection';
import { clustersProjection } from '../clusters/clusters.projection';
import { heldVotesProjection } from '../held-votes/held-votes.projection';
import { postsProjection } from '../posts/posts.projection';
import { projectionSpecification, recorded, recordedBy } from '../testing/projection-specification';
import { votersProjection } from './voters.projection';

const REGISTERED = '2026-11-16T09:00:00.000Z';
const RATED = '2026-11-18T09:00:00.000Z';
const LATER = '2026-11-19T10:00:00.000Z';
const ADMIN = { type: 'admin' as const, id: 'a-1' };

const published = recorded(
  'PostPublished',
  {
    postId: 'p-1',
    authorId: 'u-1',
    image: {
      imageUrl: '/u/a.webp',
      thumbnailUrl: '/u/a.t.webp',
      imageHash: '0f',
      contentHash: 'a',
    },
    ai: null,
  },
  { at: REGISTERED },
);
const rated = (userId: string, score: number, held: object = {}): RecordedEvent =>
  recorded(
    'Rated',
    { postId: 'p-1', userId, authorId: 'u-1', score, ...held },
    { at: RATED, streamId: `vote-p-1-${userId}` },
  );
const counted = (userId: string, score: number, reason: string): RecordedEvent =>
  recorded(
    'RatingCounted',
    { postId: 'p-1', userId, authorId: 'u-1', score, reason },
    { at: LATER, streamId: `vote-p-1-${userId}` },
  );
const like = (type: 'Liked' | 'Unliked', userId: string, heldOut?: string[]) =>
  recorded(type, {
    target: 'post',
    targetId: 'p-1',
    postId: 'p-1',
    userId,
    ...(heldOut ? { heldOut } : {}),
  });

const likeCounted = (userId: string) =>
  recorded(
    'LikeCounted',
    { target: 'post', targetId: 'p-1', postId: 'p-1', userId, reason: 'cluster-cleared' },
    { at: LATER },
  );

const posts = projectionSpecification(postsProjection);
const held = projectionSpecification(heldVotesProjection);

describe('the posts’ figures under the vote rules', () => {
  it('counts ratings and likes of unrelated accounts', () => {
    posts
      .given(published, rated('u-2', 8), rated('u-3', 6), like('Liked', 'u-2'))
      .thenMatches({ voteCount: 2, averageRating: 7, likesCount: 1 });
  });

  it('leaves out a rating and a like from the author’s network, and its unlike too', () => {
    posts
      .given(
        published,
        rated('u-2', 8),
        rated('u-4', 0, { heldOut: ['same-network'], countsFrom: null }),
        like('Liked', 'u-4', ['same-network']),
        like('Liked', 'u-2'),
        like('Unliked', 'u-4', ['same-network']),
      )
      .thenMatches({ voteCount: 1, averageRating: 8, likesCount: 1 });
  });

  it('leaves out a rating sharing the author’s browser', () => {
    posts
      .given(published, rated('u-5', 1, { heldOut: ['same-browser'], countsFrom: null }))
      .thenMatches({ voteCount: 0, averageRating: null });
  });

  it('leaves out a young account’s rating until it counts', () => {
    const young = rated('u-6', 10, { heldOut: ['young-account'], countsFrom: LATER });
    posts.given(published, rated('u-2', 8), young).thenMatches({ voteCount: 1, averageRating: 8 });
    posts
      .given(published, rated('u-2', 8), young, counted('u-6', 10, 'account-day-old'))
      .thenMatches({ voteCount: 2, averageRating: 9 });
  });

  it('holds a cluster’s ratings, then counts them once cleared', () => {
    const clustered = rated('u-7', 2, { heldOut: ['cluster'], countsFrom: null });
    posts.given(published, rated('u-2', 8), clustered).thenMatches({ voteCount: 1 });
    posts
      .given(published, rated('u-2', 8), clustered, counted('u-7', 2, 'cluster-cleared'))
      .thenMatches({ voteCount: 2, averageRating: 5 });
  });

  it('holds a cluster’s likes, then counts them once cleared', () => {
    const clustered = like('Liked', 'u-7', ['cluster']);
    posts.given(published, like('Liked', 'u-2'), clustered).thenMatches({ likesCount: 1 });
    posts
      .given(published, like('Liked', 'u-2'), clustered, likeCounted('u-7'))
      .thenMatches({ likesCount: 2 });
    posts
      .given(published, like('Liked', 'u-2'), clustered, likeCounted('u-7'), like('Unliked', 'u-7'))
      .thenMatches({ likesCount: 1 });
  });
});

describe('held votes projection', () => {
  it('lists a held rating with its reasons, due to count at its time', () => {
    const young = rated('u-6', 10, { heldOut: ['young-account'], countsFrom: LATER });
    held
      .given(young)
      .of('rating-p-1-u-6')
      .thenMatches({
        kind: 'rating',
        userId: 'u-6',
        score: 10,
        heldOut: ['young-account'],
        countsFrom: LATER,
        due: 1,
        counted: false,
      });
    held
      .given(young, counted('u-6', 10, 'account-day-old'))
      .of('rating-p-1-u-6')
      .thenMatches({ due: 0, counted: true, countedAt: LATER, countedReason: 'account-day-old' });
  });

  it('lists a rating tied to the author as never due', () => {
    held
      .given(rated('u-4', 0, { heldOut: ['same-network'], countsFrom: null }))
      .of('rating-p-1-u-4')
      .thenMatches({ due: 0, heldOut: ['same-network'] });
  });

  it('lists a held like until it is taken back, and nothing that counted', () => {
    held
      .given(like('Liked', 'u-4', ['same-browser']))
      .of('like-p-1-u-4')
      .thenMatches({
        kind: 'like',
        score: null,
        heldOut: ['same-browser'],
        due: 0,
      });
    held
      .given(like('Liked', 'u-4', ['same-browser']), like('Unliked', 'u-4'))
      .of('like-p-1-u-4')
      .thenGone();
    expect(heldVotesProjection.documentId(rated('u-2', 8))).toBeNull();
    expect(heldVotesProjection.documentId(like('Liked', 'u-2'))).toBe('like-p-1-u-2');
    held.given(like('Liked', 'u-2')).of('like-p-1-u-2').thenGone();
  });

  it('lists a cluster’s like as due from when it was cast, then as counted', () => {
    const clustered = like('Liked', 'u-7', ['cluster']);
    held
      .given(clustered)
      .of('like-p-1-u-7')
      .thenMatches({ kind: 'like', heldOut: ['cluster'], due: 1, counted: false });
    held
      .given(clustered, likeCounted('u-7'))
      .of('like-p-1-u-7')
      .thenMatches({ due: 0, counted: true, countedAt: LATER, countedReason: 'cluster-cleared' });
    held
      .given(
        clustered,
        recorded('LikeSetAside', {
          target: 'post',
          targetId: 'p-1',
          postId: 'p-1',
          userId: 'u-7',
          heldOut: ['cluster'],
        }),
      )
      .of('like-p-1-u-7')
      .thenMatches({ due: 0, counted: false });
  });
});

describe('voters and clusters projections', () => {
  const registered = (userId: string) =>
    recorded(
      'UserRegistered',
      { userId, email: 'sealed', passwordHash: 'sealed' },
      { at: REGISTERED },
    );
  const session = (userId: string, networkMark?: string, browserMark?: string) =>
    recorded('SessionStarted', {
      userId,
      sessionId: 's',
      tokenHash: 'h',
      networkMark,
      browserMark,
    });
  const flagged = recorded('ClusterFlagged', {
    networkId: 'n-1',
    clusterId: 'n-1-1',
    accounts: [
      { userId: 'u-1', registeredAt: REGISTERED },
      { userId: 'u-2', registeredAt: REGISTERED },
    ],
  });
  const cleared = recordedBy(
    'ClusterCleared',
    { networkId: 'n-1', clusterId: 'n-1-1', userIds: ['u-1', 'u-2'], reason: 'A club' },
    ADMIN,
    LATER,
  );
  const voters = projectionSpecification(votersProjection);
  const clusters = projectionSpecification(clustersProjection);

  it('keeps the registration network, every network and browser, and when it registered', () => {
    voters
      .given(registered('u-1'), session('u-1', 'n-1', 'b-1'), session('u-1', 'n-2', 'b-1'))
      .of('u-1')
      .then({
        _id: 'u-1',
        registeredAt: REGISTERED,
        registrationNetwork: 'n-1',
        firstSessionSeen: true,
        networks: ['n-1', 'n-2'],
        browsers: ['b-1'],
        clusterId: null,
        clusterHeld: false,
      });
  });

  it('knows no registration network for an account whose first session had no marks', () => {
    voters
      .given(registered('u-1'), session('u-1'), session('u-1', 'n-2', 'b-2'))
      .of('u-1')
      .thenMatches({ registrationNetwork: null, networks: ['n-2'] });
  });

  it('adds the networks and browsers an author posted from, keeping the registration network', () => {
    const postedFrom = (networkMark: string | null, browserMark: string | null) =>
      recorded('PostedFrom', { userId: 'u-1', postId: 'p-1', networkMark, browserMark });
    voters
      .given(
        registered('u-1'),
        session('u-1', 'n-1', 'b-1'),
        postedFrom('n-9', 'b-9'),
        postedFrom(null, 'b-1'),
      )
      .of('u-1')
      .thenMatches({
        registrationNetwork: 'n-1',
        networks: ['n-1', 'n-9'],
        browsers: ['b-1', 'b-9'],
      });
  });

  it('marks the accounts of a cluster held, then cleared', () => {
    voters
      .given(registered('u-2'), flagged)
      .of('u-2')
      .thenMatches({ clusterId: 'n-1-1', clusterHeld: true });
    voters.given(registered('u-2'), flagged, cleared).of('u-2').thenMatches({ clusterHeld: false });
    voters
      .given(registered('u-2'), recorded('AccountErased', { userId: 'u-2' }))
      .of('u-2')
      .thenGone();
  });

  it('lists a cluster held with its accounts, then cleared by whom and why', () => {
    clusters.given(flagged).of('n-1-1').thenMatches({ status: 'held', held: 1, networkId: 'n-1' });
    clusters
      .given(
        flagged,
        recorded('ClusterGrew', {
          networkId: 'n-1',
          clusterId: 'n-1-1',
          accounts: [{ userId: 'u-3', registeredAt: RATED }],
        }),
        cleared,
      )
      .of('n-1-1')
      .thenMatches({
        status: 'cleared',
        held: 0,
        accounts: [
          { userId: 'u-1', registeredAt: REGISTERED },
          { userId: 'u-2', registeredAt: REGISTERED },
          { userId: 'u-3', registeredAt: RATED },
        ],
        clearedAt: LATER,
        clearedBy: 'a-1',
        reason: 'A club',
      });
    expect(CLUSTERS_SORT).toEqual({ held: -1, flaggedAt: -1 });
  });
});
