import type { AiRating } from '../../domain/post/post.events';
import type { RecordedEvent } from '../../domain/shared/event';
import {
  projectionSpecification,
  recorded as recordedEvent,
} from '../testing/projection-specification';
import { postsProjection as projection } from './posts.projection';

const AT = '2026-11-22T23:59:59.999Z';

const recorded = (type: string, data: unknown, at = AT): RecordedEvent =>
  recordedEvent(type, data, {
    at,
    streamId: 'post-p-1',
    metadata: { actor: { type: 'user', id: 'u-1' } },
  });

const image = {
  imageUrl: '/uploads/ab/ab12.webp',
  thumbnailUrl: '/uploads/ab/ab12.thumb.webp',
  imageHash: '0f0f0f0f0f0f0f0f',
  contentHash: 'ab12',
};

const ai = (overall: number): AiRating => ({
  ratingId: 'p-1',
  overall,
  toeAlignment: 7.4,
  toeNails: 8,
  footShape: 6.1,
  aesthetic: 9,
  comment: 'Nicely lit and well framed.',
  rater: 'offline-v1',
});

const published = (postId = 'p-1', rating: AiRating | null = ai(7.6), at = AT) =>
  recorded('PostPublished', { postId, authorId: 'u-1', image, ai: rating }, at);
const deleted = (postId = 'p-1') =>
  recorded('PostDeleted', { postId, authorId: 'u-1', contentHash: 'ab12' });
const like = (type: 'Liked' | 'Unliked', userId = 'u-2', postId = 'p-1') =>
  recorded(type, { target: 'post', targetId: postId, postId, userId });
const commentLike = (type: 'Liked' | 'Unliked') =>
  recorded(type, { target: 'comment', targetId: 'c-1', postId: 'p-1', userId: 'u-2' });
const rated = (score: number, userId = 'u-2', postId = 'p-1') =>
  recorded('Rated', { postId, userId, authorId: 'u-1', score });
const commented = (commentId: string, parentCommentId: string | null = null, postId = 'p-1') =>
  recorded('CommentPosted', {
    commentId,
    postId,
    threadId: parentCommentId ?? commentId,
    parentCommentId,
    userId: 'u-2',
    text: 'Nice',
  });
const uncommented = (
  commentId: string,
  parentCommentId: string | null,
  removedReplyIds: string[] = [],
) =>
  recorded('CommentDeleted', {
    commentId,
    postId: 'p-1',
    threadId: parentCommentId ?? commentId,
    parentCommentId,
    userId: 'u-2',
    removedReplyIds,
  });

const spec = projectionSpecification(projection);

describe('posts projection', () => {
  it('given a post published with its photo’s size, keeps the size for its page; without one, null', () => {
    spec
      .given(
        recorded('PostPublished', {
          postId: 'p-1',
          authorId: 'u-1',
          image: { ...image, width: 1200, height: 800 },
          ai: null,
        }),
      )
      .thenMatches({ imageWidth: 1200, imageHeight: 800 });
    spec.given(published()).thenMatches({ imageWidth: null, imageHeight: null });
  });

  it('given a published post, stores it for the boards with the AI score as its first rating', () => {
    expect(projection.documentId(published())).toBe('p-1');
    spec.given(published()).then({
      _id: 'p-1',
      authorId: 'u-1',
      ...image,
      imageWidth: null,
      imageHeight: null,
      ai: ai(7.6),
      ratingTenths: 76,
      ratingCount: 1,
      voteCount: 0,
      averageRating: 7.6,
      likesCount: 0,
      commentsCount: 0,
      isPublic: true,
      isModerated: false,
      moderationFlags: [],
      similarTo: [],
      listed: true,
      removed: false,
      removalReason: null,
      autoHidden: false,
      heldForReview: null,
      held: 0,
      authorBanned: false,
      pendingReports: 0,
      pendingReview: 1,
      boostRank: 0,
      boostType: null,
      boostId: null,
      boostExpiresAt: null,
      fingerprintVersion: 0,
      createdAt: AT,
      week: '2026-W47',
    });
  });

  it('flags a re-post of another account’s photo for moderation, naming the earlier posts', () => {
    const repost = recorded('PostPublished', {
      postId: 'p-2',
      authorId: 'u-1',
      image,
      ai: null,
      similarTo: ['p-0'],
    });
    spec.given(repost).thenMatches({ moderationFlags: ['repost'], similarTo: ['p-0'] });
  });

  it('puts a post of Monday 00:00 UTC in the new week', () => {
    expect(spec.given(published('p-1', ai(7.6), '2026-11-23T00:00:00.000Z')).document()?.week).toBe(
      '2026-W48',
    );
  });

  it('keeps the first document when the publish event is applied again', () => {
    spec.given(published(), like('Liked'), published('p-1', null)).thenUnchanged();
  });

  it('removes a deleted post from the collection', () => {
    expect(projection.documentId(deleted())).toBe('p-1');
    spec.given(published(), deleted()).thenGone();
  });

  describe('likes', () => {
    it('counts likes and unlikes of the post', () => {
      expect(projection.documentId(like('Liked'))).toBe('p-1');
      expect(projection.documentId(like('Unliked'))).toBe('p-1');
      const doc = spec
        .given(
          published(),
          like('Liked', 'u-2'),
          like('Liked', 'u-3'),
          like('Liked', 'u-4'),
          like('Unliked', 'u-3'),
        )
        .document();
      expect(doc?.likesCount).toBe(2);
    });

    it('never counts below zero likes', () => {
      expect(spec.given(published(), like('Unliked'), like('Unliked')).document()?.likesCount).toBe(
        0,
      );
    });

    it('leaves the post alone when a comment of it is liked (no document)', () => {
      expect(projection.documentId(commentLike('Liked'))).toBeNull();
      expect(projection.documentId(commentLike('Unliked'))).toBeNull();
    });
  });

  describe('ratings', () => {
    it('averages the AI score with every community rating', () => {
      const doc = spec
        .given(published('p-1', ai(7.6)), rated(8, 'u-2'), rated(5, 'u-3'))
        .document();
      expect(doc).toMatchObject({
        ratingTenths: 76 + 80 + 50,
        ratingCount: 3,
        voteCount: 2,
        averageRating: 206 / 30,
      });
      expect(doc?.averageRating).toBeCloseTo(6.8667, 4);
    });

    it('takes a banned voter’s counted rating and like out until the lift, and leaves held ones alone', () => {
      const vote = { postId: 'p-1', userId: 'u-2', authorId: 'u-1', score: 8 };
      const voteAside = recorded('VoteSetAside', { ...vote, counted: true });
      const likeData = { target: 'post', targetId: 'p-1', postId: 'p-1', userId: 'u-2' };
      const likeAside = recorded('LikeSetAside', likeData);
      const given = [published('p-1', ai(7.6)), rated(8, 'u-2'), like('Liked')];
      spec.given(...given, voteAside, likeAside).thenMatches({
        ratingTenths: 76,
        ratingCount: 1,
        voteCount: 0,
        averageRating: 7.6,
        likesCount: 0,
      });
      spec
        .given(
          ...given,
          voteAside,
          likeAside,
          recorded('VoteRestored', { ...vote, counted: true }),
          recorded('LikeRestored', likeData),
        )
        .thenMatches({ ratingTenths: 156, ratingCount: 2, voteCount: 1, likesCount: 1 });
      // A rating that never counted, a like held out: the figures stay.
      spec
        .given(
          published('p-1', null),
          recorded('VoteSetAside', { ...vote, counted: false }),
          recorded('LikeSetAside', { ...likeData, heldOut: ['same-network'] }),
        )
        .thenMatches({ ratingCount: 0, voteCount: 0, averageRating: null, likesCount: 0 });
      // The last counted rating of a direct post set aside: no average.
      spec
        .given(published('p-1', null), rated(8, 'u-2'), voteAside)
        .thenMatches({ ratingCount: 0, averageRating: null });
    });

    it('has no average for a direct post without an AI score until the first vote', () => {
      const direct = spec.given(published('p-1', null)).document();
      expect(direct).toMatchObject({
        ai: null,
        ratingTenths: 0,
        ratingCount: 0,
        voteCount: 0,
        averageRating: null,
      });
      spec
        .given(published('p-1', null), rated(9))
        .thenMatches({ ratingCount: 1, voteCount: 1, averageRating: 9 });
      spec
        .given(published('p-1', null), rated(9), rated(0, 'u-3'))
        .thenMatches({ averageRating: 4.5 });
    });

    it('gives equal means as equal numbers, so ties stay ties', () => {
      // Naively, (0.2 + 0) / 2 is 0.1 but (0.3 + 0 + 0) / 3 is 0.09999999999999999.
      const a = spec.given(published('p-a', ai(0.2)), rated(0, 'u-2', 'p-a')).document();
      const b = spec
        .given(published('p-b', ai(0.3)), rated(0, 'u-2', 'p-b'), rated(0, 'u-3', 'p-b'))
        .document();
      expect(a?.averageRating).toBe(0.1);
      expect(b?.averageRating).toBe(a?.averageRating);
    });

    it('counts the scale’s bounds as they are', () => {
      const doc = spec.given(published('p-1', null), rated(0, 'u-2'), rated(10, 'u-3')).document();
      expect(doc).toMatchObject({ ratingTenths: 100, voteCount: 2, averageRating: 5 });
    });
  });

  describe('comments', () => {
    it('counts comments and replies alike', () => {
      expect(projection.documentId(commented('c-1'))).toBe('p-1');
      const doc = spec
        .given(published(), commented('c-1'), commented('c-2', 'c-1'), commented('c-3'))
        .document();
      expect(doc?.commentsCount).toBe(3);
    });

    it('takes a deleted reply off the count', () => {
      const doc = spec
        .given(published(), commented('c-1'), commented('c-2', 'c-1'), uncommented('c-2', 'c-1'))
        .document();
      expect(doc?.commentsCount).toBe(1);
    });

    it('takes a deleted top-level comment off the count with its replies', () => {
      const doc = spec
        .given(
          published(),
          commented('c-1'),
          commented('c-2', 'c-1'),
          commented('c-3', 'c-1'),
          commented('c-4'),
          uncommented('c-1', null, ['c-2', 'c-3']),
        )
        .document();
      expect(doc?.commentsCount).toBe(1);
    });

    it('never counts below zero comments', () => {
      const doc = spec
        .given(published(), commented('c-1'), uncommented('c-1', null, ['c-2', 'c-3']))
        .document();
      expect(doc?.commentsCount).toBe(0);
    });
  });

  describe('posts it does not hold', () => {
    it.each([
      ['Liked', like('Liked')],
      ['Unliked', like('Unliked')],
      ['Rated', rated(8)],
      ['CommentPosted', commented('c-1')],
      ['CommentDeleted', uncommented('c-1', null)],
      ['PostDeleted', deleted()],
    ])('changes nothing when %s arrives for an unknown post', (_type, event) => {
      spec.given(event).thenGone();
    });

    it('changes nothing for events that follow the post’s deletion', () => {
      expect(
        spec
          .given(published(), deleted(), like('Liked'), rated(8), commented('c-1'), deleted())
          .document(),
      ).toBeNull();
    });

    it('ignores an event without a post id instead of throwing', () => {
      expect(projection.documentId(recorded('Rated', { score: 8 }))).toBeNull();
      expect(projection.documentId(recorded('PostPublished', null))).toBeNull();
      expect(projection.documentId(recorded('Liked', null))).toBeNull();
    });
  });
});
