import type { RecordedEvent } from '../../domain/shared/event';
import {
  projectionSpecification,
  recorded as recordedEvent,
} from '../testing/projection-specification';
import { photoRatingsProjection as projection } from './photo-ratings.projection';

const recorded = (type: string, data: unknown): RecordedEvent =>
  recordedEvent(type, data, {
    at: '2026-03-02T09:00:00.000Z',
    streamId: 'rating-r-1',
    metadata: { actor: { type: 'visitor', id: 'ip-hash' } },
  });

const rated = recorded('PhotoRated', {
  ratingId: 'r-1',
  imageUrl: '/uploads/ab/ab.webp',
  thumbnailUrl: '/uploads/ab/ab.thumb.webp',
  imageHash: '00ff00ff00ff00ff',
  contentHash: 'ab',
  toeAlignment: 7,
  toeNails: 8,
  footShape: 6,
  aesthetic: 9,
  overall: 7.5,
  comment: 'Lovely light.',
  rater: 'offline-v1',
});

const spec = projectionSpecification(projection);

describe('photo ratings projection', () => {
  it('given a PhotoRated event, stores the rating keyed by its id', () => {
    const event = recorded('PhotoRated', {
      ratingId: 'r-1',
      imageUrl: '/uploads/ab/ab.webp',
      thumbnailUrl: '/uploads/ab/ab.thumb.webp',
      imageHash: '00ff00ff00ff00ff',
      contentHash: 'ab',
      toeAlignment: 7,
      toeNails: 8,
      footShape: 6,
      aesthetic: 9,
      overall: 7.5,
      comment: 'Lovely light.',
      rater: 'offline-v1',
    });
    expect(projection.documentId(event)).toBe('r-1');
    spec.given(event).thenMatches({
      _id: 'r-1',
      status: 'rated',
      imageUrl: '/uploads/ab/ab.webp',
      overall: 7.5,
      toeNails: 8,
      comment: 'Lovely light.',
      uploaderKey: 'ip-hash',
      ratedAt: '2026-03-02T09:00:00.000Z',
    });
  });

  it('given a PhotoRejected event, stores the rejection without an image address', () => {
    const event = recorded('PhotoRejected', {
      ratingId: 'r-1',
      imageHash: '00ff00ff00ff00ff',
      contentHash: 'ab',
      reason: 'nudity_or_explicit',
      rater: 'openai:gpt-4o-mini',
    });
    spec.given(event).thenMatches({
      status: 'rejected',
      imageUrl: null,
      overall: null,
      rejectionReason: 'nudity_or_explicit',
    });
  });

  describe('publishing', () => {
    const image = {
      imageUrl: '/uploads/ab/ab.webp',
      thumbnailUrl: '/uploads/ab/ab.thumb.webp',
      imageHash: '00ff00ff00ff00ff',
      contentHash: 'ab',
    };
    const ai = {
      ratingId: 'r-1',
      overall: 7.5,
      toeAlignment: 7,
      toeNails: 8,
      footShape: 6,
      aesthetic: 9,
      comment: 'Lovely light.',
      rater: 'offline-v1',
    };
    const published = (rating: typeof ai | null) =>
      recorded('PostPublished', { postId: 'r-1', authorId: 'u-1', image, ai: rating });

    it('starts a rating unpublished', () => {
      spec.given(rated).thenMatches({ postId: null });
    });

    it('given a PostPublished event, marks the rating it came from as posted', () => {
      expect(projection.documentId(published(ai))).toBe('r-1');
      spec.given(rated, published(ai)).then({ ...spec.given(rated).document()!, postId: 'r-1' });
    });

    it('ignores a post published without a rating', () => {
      expect(projection.documentId(published(null))).toBeNull();
      expect(projection.documentId(recorded('PostPublished', null))).toBeNull();
    });

    it('does not invent a record for a rating it has never seen', () => {
      spec.given(published(ai)).thenGone();
    });

    it('given a PhotoRatingPublished event (a rating or a direct post), marks the rating as posted', () => {
      const claimed = recorded('PhotoRatingPublished', {
        ratingId: 'r-1',
        postId: 'p-direct',
        userId: 'u-1',
      });
      expect(projection.documentId(claimed)).toBe('r-1');
      spec.given(rated, claimed).then({ ...spec.given(rated).document()!, postId: 'p-direct' });
    });
  });

  it('keeps the uploader and the hash of the publish key, and closes a discarded rating', () => {
    const bound = recorded('PhotoRated', {
      ...(rated.data as object),
      uploaderId: 'u-7',
      publishKeyHash: 'c'.repeat(64),
    });
    spec.given(bound).thenMatches({ uploaderId: 'u-7', publishKeyHash: 'c'.repeat(64) });
    spec.given(rated).thenMatches({ uploaderId: null, publishKeyHash: null });
    const discarded = recorded('UnpublishedPhotoDiscarded', {
      ratingId: 'r-1',
      contentHash: 'ab',
      reason: 'expired',
    });
    expect(projection.documentId(discarded)).toBe('r-1');
    spec.given(bound, discarded).then({ ...spec.given(bound).document()!, status: 'discarded' });
  });

  it('ignores an event without a rating id instead of throwing', () => {
    expect(projection.documentId(recorded('PhotoRated', { nothing: true }))).toBeNull();
    expect(projection.documentId(recorded('PhotoRated', null))).toBeNull();
  });
});
