import { ALREADY_PUBLISHED } from '../post/post.decider';
import {
  ConflictError,
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
} from '../shared/errors';
import { deciderSpecification } from '../shared/testing/decider-specification';
import {
  photoRatingDecider as decider,
  NOT_YOUR_UPLOAD,
  type PublishRating,
  RATING_NOT_FOUND,
  type RecordAssessment,
  type Refusal,
  rejectionMessage,
  REJECTION_MESSAGES,
  UPLOAD_CHECKS,
} from './photo-rating.decider';
import type { GateVerdict, PhotoRated } from './photo-rating.events';

const KEY_HASH = 'a'.repeat(64);
const OTHER_KEY_HASH = 'b'.repeat(64);

const image = {
  imageUrl: '/uploads/ab/ab12.webp',
  thumbnailUrl: '/uploads/ab/ab12.thumb.webp',
  imageHash: '0f0f0f0f0f0f0f0f',
  contentHash: 'ab12',
};

const assess = (
  overrides: Partial<RecordAssessment['data']['assessment']> = {},
): RecordAssessment => ({
  type: 'RecordAssessment',
  data: {
    ratingId: 'r-1',
    image,
    assessment: {
      verdict: 'ok',
      scores: { toeAlignment: 7.44, toeNails: 8, footShape: 6.05, aesthetic: 9 },
      overall: 7.6,
      comment: '  Nicely lit and well framed.  ',
      rater: 'offline-v1',
      ...overrides,
    },
    gate: null,
    uploader: { uploaderId: null, publishKeyHash: KEY_HASH },
  },
});

const publish = (overrides: Partial<PublishRating['data']> = {}): PublishRating => ({
  type: 'PublishRating',
  data: { ratingId: 'r-1', postId: 'r-1', userId: 'u-1', publishKeyHash: KEY_HASH, ...overrides },
});

const rated = (overrides: Partial<PhotoRated['data']> = {}): PhotoRated => ({
  type: 'PhotoRated',
  data: {
    ratingId: 'r-1',
    ...image,
    toeAlignment: 7,
    toeNails: 8,
    footShape: 6,
    aesthetic: 9,
    overall: 7.5,
    comment: 'Fine',
    rater: 'offline-v1',
    uploaderId: null,
    publishKeyHash: KEY_HASH,
    ...overrides,
  },
});

const spec = deciderSpecification(decider);

const refuse = (refusal: Refusal) => ({
  type: 'RefusePhoto' as const,
  data: { ratingId: 'r-1', imageHash: image.imageHash, contentHash: 'ab12', refusal },
});
const gateSaid = (outcome: GateVerdict['outcome'], reason: GateVerdict['reason']): GateVerdict => ({
  outcome,
  reason,
  scores: { 'face.ssd': 0.93, 'face.human': 0.88 },
  gate: 'offline-v1',
});

describe('photo rating decider', () => {
  describe('refusals before the rater', () => {
    it.each([
      ['face', 'face_or_person'],
      ['person', 'face_or_person'],
      ['nudity', 'nudity_or_explicit'],
    ] as const)(
      'records a gate’s refusal for a %s as %s, with the scores that decided it',
      (finding, reason) => {
        const gate = gateSaid('refuse', finding);
        spec
          .given()
          .when(refuse({ kind: 'gate', gate }))
          .then([
            {
              type: 'PhotoRejected',
              data: {
                ratingId: 'r-1',
                imageHash: image.imageHash,
                contentHash: 'ab12',
                reason,
                rater: 'offline-v1',
                gate,
              },
            },
          ]);
      },
    );

    it('tells a face from a person in the message, from the recorded fact', () => {
      expect(
        rejectionMessage({ reason: 'face_or_person', gate: gateSaid('refuse', 'face') }),
      ).toMatch(/face/);
      expect(
        rejectionMessage({ reason: 'face_or_person', gate: gateSaid('refuse', 'person') }),
      ).toMatch(/person/);
      // A rater's refusal (no gate) keeps its message.
      expect(rejectionMessage({ reason: 'face_or_person' })).toBe(
        REJECTION_MESSAGES.face_or_person,
      );
    });

    it('records a photo too small to judge, and a re-post with the posts it repeats', () => {
      const base = { ratingId: 'r-1', imageHash: image.imageHash, contentHash: 'ab12' };
      spec
        .given()
        .when(refuse({ kind: 'too_small' }))
        .then([
          { type: 'PhotoRejected', data: { ...base, reason: 'too_small', rater: UPLOAD_CHECKS } },
        ]);
      spec
        .given()
        .when(refuse({ kind: 'repost', duplicateOf: ['p-1'] }))
        .then([
          {
            type: 'PhotoRejected',
            data: { ...base, reason: 'repost', rater: UPLOAD_CHECKS, duplicateOf: ['p-1'] },
          },
        ]);
    });

    it('given an upload with no picture in it, when refused, then the fact says what it is and the uploader is told it is no photo', () => {
      const base = { ratingId: 'r-1', imageHash: image.imageHash, contentHash: 'ab12' };
      const [event] = spec
        .given()
        .when(refuse({ kind: 'no_picture', emptyPicture: 'smooth' }))
        .events();

      expect(event).toEqual({
        type: 'PhotoRejected',
        data: { ...base, reason: 'no_picture', rater: UPLOAD_CHECKS, emptyPicture: 'smooth' },
      });
      expect(rejectionMessage({ reason: 'no_picture' })).toMatch(/^This doesn't look like a photo/);
    });

    it('refuses a refusal that is none: a gate pass or review, or a re-post of nothing', () => {
      expect(() =>
        spec
          .given()
          .when(refuse({ kind: 'gate', gate: gateSaid('review', 'face') }))
          .events(),
      ).toThrow(IllegalStateError);
      expect(() =>
        spec
          .given()
          .when(refuse({ kind: 'repost', duplicateOf: [] }))
          .events(),
      ).toThrow(ValidationError);
    });

    it('refuses a second verdict on the same upload', () => {
      spec
        .given([rated()])
        .when(refuse({ kind: 'too_small' }))
        .thenThrows(IllegalStateError);
    });
  });

  it('records the gate’s review on the rated photo, and never rates a photo the gate refused', () => {
    const review = gateSaid('review', 'nudity');
    const [event] = spec
      .given()
      .when({ ...assess(), data: { ...assess().data, gate: review } })
      .events();
    expect(event).toMatchObject({ type: 'PhotoRated', data: { gate: review } });
    expect(() =>
      spec
        .given()
        .when({ ...assess(), data: { ...assess().data, gate: gateSaid('refuse', 'face') } })
        .events(),
    ).toThrow(IllegalStateError);
  });

  it('records a rated photo with scores rounded to one decimal and a trimmed comment', () => {
    spec
      .given()
      .when(assess())
      .then([
        {
          type: 'PhotoRated',
          data: {
            ratingId: 'r-1',
            ...image,
            toeAlignment: 7.4,
            toeNails: 8,
            footShape: 6.1,
            aesthetic: 9,
            overall: 7.6,
            comment: 'Nicely lit and well framed.',
            rater: 'offline-v1',
            uploaderId: null,
            publishKeyHash: KEY_HASH,
          },
        },
      ]);
  });

  it('records a rejection when the photo breaks the content rules', () => {
    spec
      .given()
      .when(assess({ verdict: 'face_or_person' }))
      .then([
        {
          type: 'PhotoRejected',
          data: {
            ratingId: 'r-1',
            imageHash: image.imageHash,
            contentHash: 'ab12',
            reason: 'face_or_person',
            rater: 'offline-v1',
          },
        },
      ]);
  });

  it('refuses a second verdict for the same rating', () => {
    const rated = spec.given().when(assess()).events();
    expect(spec.given(...rated).state().status).toBe('rated');
    spec.given(rated).when(assess()).thenThrows(IllegalStateError);
  });

  it.each([-0.1, 10.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'rejects a score of %p from the rater',
    (bad) => {
      spec
        .given()
        .when(assess({ overall: bad }))
        .thenThrows(ValidationError);
    },
  );

  it('rejects an empty comment and caps a long one at 280 characters', () => {
    spec
      .given()
      .when(assess({ comment: '   ' }))
      .thenThrows(ValidationError);
    const [event] = spec
      .given()
      .when(assess({ comment: 'x'.repeat(400) }))
      .events();
    expect(event.type === 'PhotoRated' && event.data.comment.length).toBe(280);
  });

  it('rejects a malformed perceptual hash', () => {
    const command = assess();
    command.data.image = { ...image, imageHash: 'not-a-hash' };
    spec.given().when(command).thenThrows(ValidationError);
  });

  it('records the signed-in uploader with the rating, and refuses a malformed publish key hash', () => {
    const command = assess();
    command.data.uploader = { uploaderId: 'u-9', publishKeyHash: KEY_HASH };
    const [event] = spec.given().when(command).events();
    expect(event).toMatchObject({ type: 'PhotoRated', data: { uploaderId: 'u-9' } });
    command.data.uploader = { uploaderId: null, publishKeyHash: 'nope' };
    spec.given().when(command).thenThrows(ValidationError);
  });

  describe('publishing', () => {
    it('publishes a rated photo for whoever presents its publish key', () => {
      spec
        .given([rated()])
        .when(publish())
        .then([
          { type: 'PhotoRatingPublished', data: { ratingId: 'r-1', postId: 'r-1', userId: 'u-1' } },
        ]);
    });

    it('refuses anyone without the publish key, and the uploader can still publish after', () => {
      spec
        .given(rated())
        .when(publish({ userId: 'thief', publishKeyHash: null }))
        .thenThrows(ForbiddenError, NOT_YOUR_UPLOAD);
      spec
        .given([rated()])
        .when(publish({ userId: 'thief', publishKeyHash: OTHER_KEY_HASH }))
        .thenThrows(ForbiddenError);
      spec
        .given([rated()])
        .when(publish())
        .then([expect.objectContaining({ type: 'PhotoRatingPublished' })]);
    });

    it('lets anyone publish a rating recorded before uploads were bound to their uploader', () => {
      const { publishKeyHash: _none, uploaderId: _nobody, ...old } = rated().data;
      spec
        .given([{ type: 'PhotoRated', data: old }])
        .when(publish({ publishKeyHash: null }))
        .then([
          { type: 'PhotoRatingPublished', data: { ratingId: 'r-1', postId: 'r-1', userId: 'u-1' } },
        ]);
    });

    it('publishes once: the same publish again records nothing, another one is a conflict', () => {
      const published = [rated(), ...spec.given([rated()]).when(publish()).events()];
      spec.given(published).when(publish()).then([]);
      spec
        .given(published)
        .when(publish({ postId: 'p-2' }))
        .thenThrows(ConflictError, ALREADY_PUBLISHED);
      spec
        .given(published)
        .when(publish({ userId: 'u-2' }))
        .thenThrows(ConflictError);
    });

    it('refuses a rejected, unknown or discarded photo as not found', () => {
      const rejected = spec
        .given()
        .when(assess({ verdict: 'not_feet' }))
        .events();
      spec.given(rejected).when(publish()).thenThrows(NotFoundError);
      spec.given().when(publish()).thenThrows(NotFoundError);
      const discarded = [
        rated(),
        ...spec
          .given([rated()])
          .when({ type: 'DiscardUnpublished', data: { reason: 'expired' } })
          .events(),
      ];
      spec.given(discarded).when(publish()).thenThrows(NotFoundError, RATING_NOT_FOUND);
    });
  });

  describe('discarding an unpublished photo', () => {
    it('closes a rated photo nobody published, once', () => {
      const discard = { type: 'DiscardUnpublished', data: { reason: 'uploader_erased' } } as const;
      const events = spec.given([rated()]).when(discard).events();
      expect(events).toEqual([
        {
          type: 'UnpublishedPhotoDiscarded',
          data: { ratingId: 'r-1', contentHash: 'ab12', reason: 'uploader_erased' },
        },
      ]);
      spec
        .given([rated(), ...events])
        .when(discard)
        .then([]);
    });

    it('leaves a published, rejected or unknown photo alone', () => {
      const discard = { type: 'DiscardUnpublished', data: { reason: 'expired' } } as const;
      const published = spec.given([rated()]).when(publish()).events();
      spec
        .given([rated(), ...published])
        .when(discard)
        .then([]);
      spec
        .given(
          spec
            .given()
            .when(assess({ verdict: 'not_feet' }))
            .events(),
        )
        .when(discard)
        .then([]);
      spec.given().when(discard).then([]);
    });
  });
});
