import { ALREADY_PUBLISHED } from '../post/post.decider';
import { assertNever, type Decider } from '../shared/decider';
import {
  ConflictError,
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
} from '../shared/errors';
import type {
  CategoryScores,
  ContentVerdict,
  DiscardReason,
  EmptyPictureKind,
  GateFinding,
  GateVerdict,
  PhotoRatingEvent,
  RatedImage,
  RejectionReason,
} from './photo-rating.events';

/**
 * One stream per rating (`rating-<ratingId>`): an uploaded photo gets exactly one verdict, and
 * the stream decides who may publish it, and whether it is published or discarded, so a
 * publish and the expiry sweep (or an erasure) racing for the same photo cannot both win.
 */
export type PhotoRatingState =
  | { status: 'unrated' }
  | {
      status: 'rated';
      ratingId: string;
      imageUrl: string;
      contentHash: string;
      overall: number;
      /** Null for a rating recorded before uploads were bound to their uploader. */
      publishKeyHash: string | null;
      published: { postId: string; userId: string } | null;
    }
  | { status: 'rejected'; ratingId: string; reason: RejectionReason }
  | { status: 'discarded'; ratingId: string };

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
    /** The content gate's pass or review (a refusal is `RefusePhoto`); null without a gate. */
    gate: GateVerdict | null;
    uploader: {
      /** The signed-in account that uploaded; null for a visitor. */
      uploaderId: string | null;
      /** sha256 (hex) of the publish key answered to the uploader. */
      publishKeyHash: string;
      /** A keyed mark of the uploading browser's key to its unpublished uploads. */
      viewerMark?: string | null;
    };
  };
}

export interface PublishRating {
  type: 'PublishRating';
  data: {
    ratingId: string;
    /** The post it becomes (a rating's publish takes the rating's own id). */
    postId: string;
    userId: string;
    /** sha256 (hex) of the publish key the publisher presented; null when none. */
    publishKeyHash: string | null;
  };
}

export interface DiscardUnpublished {
  type: 'DiscardUnpublished';
  data: { reason: DiscardReason };
}

/** Why an upload is refused before the rater is asked. */
export type Refusal =
  | { kind: 'too_small' }
  | { kind: 'no_picture'; emptyPicture: EmptyPictureKind }
  | { kind: 'repost'; duplicateOf: string[] }
  | { kind: 'gate'; gate: GateVerdict };

/** The upload checks or the content gate refused the photo: it is never stored nor rated. */
export interface RefusePhoto {
  type: 'RefusePhoto';
  data: { ratingId: string; imageHash: string; contentHash: string; refusal: Refusal };
}

export type PhotoRatingCommand =
  RecordAssessment | RefusePhoto | PublishRating | DiscardUnpublished;

/** Who refused a photo the checks before the rater refused. */
export const UPLOAD_CHECKS = 'upload-checks';

export const RATING_NOT_FOUND = 'We have no rating for that photo: please upload it again';
export const NOT_YOUR_UPLOAD =
  'Only the person who uploaded this photo can post it: please upload your own photo';

export const MAX_COMMENT_LENGTH = 280;

export const REJECTION_MESSAGES: Record<RejectionReason, string> = {
  not_feet:
    "This photo doesn't look like feet. Please upload a photo that shows only your own feet.",
  face_or_person:
    'Photos must show only feet: no faces, people or identifiable features. Please try another photo.',
  nudity_or_explicit:
    'This photo breaks our content rules: no nudity or explicit content. Please upload a photo of feet only.',
  too_small:
    'This photo is too small to check. Please upload a photo at least 256 pixels on its shorter side.',
  no_picture: "This doesn't look like a photo. Please upload a photo of your feet.",
  repost:
    'This looks like a photo already on SoleScore. If it is yours, report the post that uses it, or write to support@solescore.app and we will take a look.',
};

/** What the uploader is told when the gate refuses: a face and a person are told apart. */
const GATE_MESSAGES: Record<GateFinding, string> = {
  face: 'We found a face in this photo. Photos must show only feet: please crop it or try another photo.',
  person:
    'We found a person in this photo. Photos must show only feet, no people: please crop it or try another photo.',
  nudity: REJECTION_MESSAGES.nudity_or_explicit,
  too_small: REJECTION_MESSAGES.too_small,
};

/** The message a refusal answers, from its recorded fact. */
export function rejectionMessage(rejected: {
  reason: RejectionReason;
  gate?: GateVerdict;
}): string {
  const finding = rejected.gate?.reason;
  return finding ? GATE_MESSAGES[finding] : REJECTION_MESSAGES[rejected.reason];
}

/** The refusal reason a gate finding is recorded under (face and person are one, for strikes). */
const GATE_REJECTION_REASONS: Record<GateFinding, RejectionReason> = {
  face: 'face_or_person',
  person: 'face_or_person',
  nudity: 'nudity_or_explicit',
  too_small: 'too_small',
};

export const photoRatingDecider: Decider<PhotoRatingCommand, PhotoRatingState, PhotoRatingEvent> = {
  initialState: { status: 'unrated' },

  decide(command, state) {
    switch (command.type) {
      case 'RecordAssessment':
        return recordAssessment(command, state);
      case 'RefusePhoto':
        return refusePhoto(command, state);
      case 'PublishRating':
        return publishRating(command, state);
      case 'DiscardUnpublished':
        return discardUnpublished(command, state);
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PhotoRated':
        return {
          status: 'rated',
          ratingId: event.data.ratingId,
          imageUrl: event.data.imageUrl,
          contentHash: event.data.contentHash,
          overall: event.data.overall,
          publishKeyHash: event.data.publishKeyHash ?? null,
          published: null,
        };
      case 'PhotoRejected':
        return { status: 'rejected', ratingId: event.data.ratingId, reason: event.data.reason };
      case 'PhotoRatingPublished':
        return state.status === 'rated'
          ? { ...state, published: { postId: event.data.postId, userId: event.data.userId } }
          : state;
      case 'UnpublishedPhotoDiscarded':
        return { status: 'discarded', ratingId: event.data.ratingId };
      default:
        return assertNever(event);
    }
  },
};

function recordAssessment(command: RecordAssessment, state: PhotoRatingState): PhotoRatingEvent[] {
  if (state.status !== 'unrated') {
    throw new IllegalStateError('This photo already has its rating');
  }
  const { ratingId, image, assessment, uploader, gate } = command.data;
  if (!/^[0-9a-f]{64}$/.test(uploader.publishKeyHash)) {
    throw new ValidationError('The publish key hash must be 64 hexadecimal digits');
  }
  checkImageHash(image.imageHash);
  if (gate && gate.outcome === 'refuse') {
    throw new IllegalStateError('A photo the content gate refused is never rated');
  }
  if (gate && gate.outcome === 'review' && gate.reason === null) {
    throw new ValidationError('A photo held for review needs the reason it was held');
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
          ...(gate ? { gate } : {}),
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
        uploaderId: uploader.uploaderId,
        publishKeyHash: uploader.publishKeyHash,
        ...(uploader.viewerMark ? { viewerMark: uploader.viewerMark } : {}),
        ...(gate ? { gate } : {}),
      },
    },
  ];
}

function checkImageHash(imageHash: string): void {
  if (!/^[0-9a-f]{16}$/.test(imageHash)) {
    throw new ValidationError('The image hash must be 16 hexadecimal digits');
  }
}

/** A photo refused before it is rated: the fact says why, with the gate's scores when it was the gate. */
function refusePhoto(command: RefusePhoto, state: PhotoRatingState): PhotoRatingEvent[] {
  if (state.status !== 'unrated') {
    throw new IllegalStateError('This photo already has its rating');
  }
  const { ratingId, imageHash, contentHash, refusal } = command.data;
  checkImageHash(imageHash);
  const base = { ratingId, imageHash, contentHash };
  switch (refusal.kind) {
    case 'too_small':
      return [
        { type: 'PhotoRejected', data: { ...base, reason: 'too_small', rater: UPLOAD_CHECKS } },
      ];
    case 'no_picture':
      return [
        {
          type: 'PhotoRejected',
          data: {
            ...base,
            reason: 'no_picture',
            rater: UPLOAD_CHECKS,
            emptyPicture: refusal.emptyPicture,
          },
        },
      ];
    case 'repost': {
      if (refusal.duplicateOf.length === 0) {
        throw new ValidationError('A re-post names the posts it repeats');
      }
      return [
        {
          type: 'PhotoRejected',
          data: {
            ...base,
            reason: 'repost',
            rater: UPLOAD_CHECKS,
            duplicateOf: refusal.duplicateOf,
          },
        },
      ];
    }
    case 'gate': {
      const { gate } = refusal;
      if (gate.outcome !== 'refuse' || gate.reason === null) {
        throw new IllegalStateError('Only a refusal with its reason refuses a photo');
      }
      return [
        {
          type: 'PhotoRejected',
          data: { ...base, reason: GATE_REJECTION_REASONS[gate.reason], rater: gate.gate, gate },
        },
      ];
    }
    default:
      return assertNever(refusal);
  }
}

/**
 * A rated photo becomes a post once, and only for whoever holds the key its upload answered
 * (a rating from before that binding existed needs none). The same publish again (a retry after
 * a crash) records nothing.
 */
function publishRating(command: PublishRating, state: PhotoRatingState): PhotoRatingEvent[] {
  if (state.status !== 'rated') throw new NotFoundError(RATING_NOT_FOUND);
  const { ratingId, postId, userId, publishKeyHash } = command.data;
  if (state.publishKeyHash !== null && state.publishKeyHash !== publishKeyHash) {
    throw new ForbiddenError(NOT_YOUR_UPLOAD);
  }
  if (state.published) {
    if (state.published.postId === postId && state.published.userId === userId) return [];
    throw new ConflictError(ALREADY_PUBLISHED);
  }
  return [{ type: 'PhotoRatingPublished', data: { ratingId, postId, userId } }];
}

/** An unpublished rated photo is closed (expired, or its uploader erased); anything else stays. */
function discardUnpublished(
  command: DiscardUnpublished,
  state: PhotoRatingState,
): PhotoRatingEvent[] {
  if (state.status !== 'rated' || state.published) return [];
  return [
    {
      type: 'UnpublishedPhotoDiscarded',
      data: {
        ratingId: state.ratingId,
        contentHash: state.contentHash,
        reason: command.data.reason,
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
