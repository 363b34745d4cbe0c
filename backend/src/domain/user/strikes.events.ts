import type { DomainEvent } from '../shared/event';

/**
 * Strikes and the posting suspension they lead to, on the account's own stream (`user-<id>`):
 * one stream decides how many strikes an account has and whether it may post, whichever of its
 * posts, photos or comments caused them.
 */

/** What earned a strike: each names the event that recorded the offence. */
export type StrikeCause =
  /** An upload the photo check refused (a face or a person, nudity), on the rating's stream. */
  | { kind: 'photo_refused'; ratingId: string; reason: 'face_or_person' | 'nudity_or_explicit' }
  /** An admin upheld a report of the account's post (several upheld reports of a post: one). */
  | { kind: 'report_upheld'; postId: string; reportId: string }
  /** The comment filter refused a comment (offensive words, or the same text posted again). */
  | { kind: 'comment_refused'; postId: string; commentId: string; reason: string };

export type StrikeRecorded = DomainEvent<
  'StrikeRecorded',
  {
    userId: string;
    /** Names the offence (`photo:<ratingId>`, `report:<postId>`, `comment:<commentId>`): once. */
    strikeId: string;
    cause: StrikeCause;
    /** When the offence happened (the time of the event that recorded it). */
    at: string;
  }
>;

/**
 * Enough strikes in the window: posting, commenting and rating stop until `until`, and start
 * again by themselves then. `strikeIds` are the strikes it spent.
 */
export type PostingSuspended = DomainEvent<
  'PostingSuspended',
  { userId: string; from: string; until: string; strikeIds: string[] }
>;

/** An admin ended a posting suspension early, with a reason. */
export type PostingSuspensionLifted = DomainEvent<
  'PostingSuspensionLifted',
  { userId: string; reason: string; until: string }
>;

/**
 * A strike that no longer counts: the refused photo was fixed at once (`fixed_at_once`: the same
 * account's next upload within `FIX_WINDOW_MS` passed, `byRatingId`). The strike stays in the
 * history, marked. When it had completed the running suspension, that suspension is lifted in
 * the same decision and the other strikes it spent (`restored`) count again.
 */
export type StrikeWithdrawn = DomainEvent<
  'StrikeWithdrawn',
  {
    userId: string;
    strikeId: string;
    reason: 'fixed_at_once';
    byRatingId: string;
    restored: string[];
  }
>;

export type StrikeEvent =
  StrikeRecorded | PostingSuspended | PostingSuspensionLifted | StrikeWithdrawn;

export const STRIKE_EVENT_TYPES: readonly StrikeEvent['type'][] = [
  'StrikeRecorded',
  'PostingSuspended',
  'PostingSuspensionLifted',
  'StrikeWithdrawn',
];

export function isStrikeEvent(event: { type: string }): event is StrikeEvent {
  return (STRIKE_EVENT_TYPES as readonly string[]).includes(event.type);
}
