import type { GateVerdict } from '../photo-rating/photo-rating.events';
import type { ReportReviewStatus } from '../report/report.decider';
import type { ReportHoldReason } from '../report/report-standing';
import type { DomainEvent } from '../shared/event';

/** The AI's verdict a post was published with; null for a photo posted without a rating. */
export interface AiRating {
  ratingId: string;
  overall: number;
  toeAlignment: number;
  toeNails: number;
  footShape: number;
  aesthetic: number;
  comment: string;
  rater: string;
}

export interface PostImage {
  imageUrl: string;
  thumbnailUrl: string;
  /** Perceptual hash: finds re-posts of the same photo. */
  imageHash: string;
  /** sha256 of the stored bytes: the storage key, shared by every post of the same file. */
  contentHash: string;
  /**
   * The re-post fingerprint's keys (see `fingerprintPhoto`): finds the photo after a mirror, a
   * crop or a turn. Absent on posts published before it, which the dHash alone finds.
   */
  fingerprint?: string[];
  /** Its `FINGERPRINT_VERSION`; absent: 1 when it has keys, none else. */
  fingerprintVersion?: number;
  /** The stored photo's size in pixels; absent on posts published before it was recorded. */
  width?: number;
  height?: number;
}

export type PostPublished = DomainEvent<
  'PostPublished',
  {
    postId: string;
    authorId: string;
    image: PostImage;
    ai: AiRating | null;
    /** Earlier posts of the same photo by other accounts, found when it was published. */
    similarTo?: string[];
    /**
     * Set when the post is held for review: out of every public board and page, seen by its
     * author and the admins only, until an admin approves it (`PostApproved`). Absent on posts
     * published straight away (all of them before the content gate).
     */
    heldForReview?: HeldForReview;
  }
>;

/**
 * Why a post is held: the content gate asked for a human look (`gate_review`, with its verdict),
 * its photo looks like another member's post (`repost_review`: the re-post check found it, sure
 * or not, and a moderator decides instead of the member being told they copied it), or every
 * post waits for an admin (`approval_required`, the `POSTS_REQUIRE_APPROVAL` setting).
 */
export interface HeldForReview {
  reason: 'gate_review' | 'repost_review' | 'approval_required';
  /** The content gate's verdict on the photo; null for a post whose photo it did not judge. */
  gate: GateVerdict | null;
}

export type PostDeleted = DomainEvent<
  'PostDeleted',
  {
    postId: string;
    authorId: string;
    contentHash: string;
    /** The perceptual hash, so that the photo's fingerprint goes with the post. */
    imageHash?: string;
    /** The fingerprint's keys, for the same reason (absent when the post had none). */
    fingerprint?: string[];
  }
>;

/**
 * The post's photo fingerprinted again, from its stored file, at a newer `FINGERPRINT_VERSION`
 * (the back-fill of posts recorded before it): `fingerprint` holds every key, the earlier ones
 * included; empty when the file could not be read (the dHash still finds the photo).
 */
export type PostFingerprinted = DomainEvent<
  'PostFingerprinted',
  {
    postId: string;
    authorId: string;
    imageHash: string;
    fingerprint: string[];
    fingerprintVersion: number;
  }
>;

/**
 * An admin approved the post (spec §4: only while it is unmoderated). A post held for review
 * goes public with it.
 */
export type PostApproved = DomainEvent<'PostApproved', { postId: string; authorId: string }>;

/** An admin hid or showed the post; `reason` is optional. */
export type PostVisibilityChanged = DomainEvent<
  'PostVisibilityChanged',
  { postId: string; authorId: string; isPublic: boolean; reason: string | null }
>;

/**
 * An admin removed the post for good, with a reason. Unlike its author's deletion the post
 * stays in the admins' lists (marked removed); it leaves every public board and page.
 */
export type PostRemoved = DomainEvent<
  'PostRemoved',
  { postId: string; authorId: string; reason: string }
>;

/**
 * Enough distinct accounts in good standing have a pending report on the post that counts: it
 * is hidden until an admin reviews one of them (recorded by the system, not by an admin).
 * `reporterIds` (absent on events before it was recorded) are the accounts whose reports hid it.
 */
export type PostAutoHidden = DomainEvent<
  'PostAutoHidden',
  { postId: string; authorId: string; reporterCount: number; reporterIds?: string[] }
>;

/**
 * A report of the post reached the post's tally (recorded by the system): whether it counts
 * towards the auto-hide and, when not, why (`heldOut`, see `report-standing.ts`).
 */
export type PostReportTallied = DomainEvent<
  'PostReportTallied',
  {
    postId: string;
    reportId: string;
    reporterId: string;
    counts: boolean;
    heldOut: ReportHoldReason[];
  }
>;

/** A moderator's verdict on a report of the post; a dismissal overrules its reporter here. */
export type PostReportSettled = DomainEvent<
  'PostReportSettled',
  { postId: string; reportId: string; reporterId: string; status: ReportReviewStatus }
>;

export type PostModerationEvent =
  | PostApproved
  | PostVisibilityChanged
  | PostRemoved
  | PostAutoHidden
  | PostReportTallied
  | PostReportSettled;

export type PostEvent = PostPublished | PostDeleted | PostFingerprinted | PostModerationEvent;
