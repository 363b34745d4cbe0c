import { fold } from '../shared/decider';
import { IllegalStateError, ValidationError } from '../shared/errors';
import { deciderSpecification } from '../shared/testing/decider-specification';
import { photoRatingDecider as decider, type RecordAssessment } from './photo-rating.decider';
import type { PhotoRatingEvent } from './photo-rating.events';

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
  },
});

const given = (...events: PhotoRatingEvent[]) => fold(decider, events);
const spec = deciderSpecification(decider);

describe('photo rating decider', () => {
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
    expect(given(...rated).status).toBe('rated');
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
});
