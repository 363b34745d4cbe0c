import { assertNever, type Decider } from '../shared/decider';
import { IllegalStateError, ValidationError } from '../shared/errors';
import type {
  CategoryScores,
  ContentVerdict,
  PhotoRatingEvent,
  RatedImage,
  RejectionReason,
} from './photo-rating.events';

/** One stream per rating (`rating-<ratingId>`): an uploaded photo gets exactly one verdict. */
export type PhotoRatingState =
  | { status: 'unrated' }
  | { status: 'rated'; ratingId: string; imageUrl: string; overall: number }
  | { status: 'rejected'; ratingId: string; reason: RejectionReason };

export interface RecordAssessment {
  type: 'RecordAssessment';
  data: {
    ratingId: string;
    image: RatedImage;
    assessment: {
      verdict: ContentVerdict;
      scores: CategoryScores;
      overall: number;
      comment: string;
      rater: string;
    };
  };
}

export type PhotoRatingCommand = RecordAssessment;

export const MAX_COMMENT_LENGTH = 280;

export const REJECTION_MESSAGES: Record<RejectionReason, string> = {
  not_feet:
    "This photo doesn't look like feet. Please upload a photo that shows only your own feet.",
  face_or_person:
    'Photos must show only feet: no faces, people or identifiable features. Please try another photo.',
  nudity_or_explicit:
    'This photo breaks our content rules: no nudity or explicit content. Please upload a photo of feet only.',
};

export const photoRatingDecider: Decider<PhotoRatingCommand, PhotoRatingState, PhotoRatingEvent> = {
  initialState: { status: 'unrated' },

  decide(command, state) {
    switch (command.type) {
      case 'RecordAssessment':
        return recordAssessment(command, state);
      default:
        return assertNever(command.type);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PhotoRated':
        return {
          status: 'rated',
          ratingId: event.data.ratingId,
          imageUrl: event.data.imageUrl,
          overall: event.data.overall,
        };
      case 'PhotoRejected':
        return { status: 'rejected', ratingId: event.data.ratingId, reason: event.data.reason };
      default:
        return assertNever(event);
    }
  },
};

function recordAssessment(command: RecordAssessment, state: PhotoRatingState): PhotoRatingEvent[] {
  if (state.status !== 'unrated') {
    throw new IllegalStateError('This photo already has its rating');
  }
  const { ratingId, image, assessment } = command.data;
  if (!/^[0-9a-f]{16}$/.test(image.imageHash)) {
    throw new ValidationError('The image hash must be 16 hexadecimal digits');
  }
  if (assessment.verdict !== 'ok') {
    return [
      {
        type: 'PhotoRejected',
        data: {
          ratingId,
          imageHash: image.imageHash,
          contentHash: image.contentHash,
          reason: assessment.verdict,
          rater: assessment.rater,
        },
      },
    ];
  }
  const comment = assessment.comment.trim();
  if (comment.length === 0) throw new ValidationError('The rating needs a comment');
  return [
    {
      type: 'PhotoRated',
      data: {
        ratingId,
        ...image,
        toeAlignment: score(assessment.scores.toeAlignment, 'toeAlignment'),
        toeNails: score(assessment.scores.toeNails, 'toeNails'),
        footShape: score(assessment.scores.footShape, 'footShape'),
        aesthetic: score(assessment.scores.aesthetic, 'aesthetic'),
        overall: score(assessment.overall, 'overall'),
        comment: comment.slice(0, MAX_COMMENT_LENGTH),
        rater: assessment.rater,
      },
    },
  ];
}

/** Scores are out of 10 with one decimal; anything else is a rater fault, not data to keep. */
function score(value: number, name: string): number {
  if (!Number.isFinite(value) || value < 0 || value > 10) {
    throw new ValidationError(`${name} must be a number from 0 to 10`);
  }
  return Math.round(value * 10) / 10;
}
