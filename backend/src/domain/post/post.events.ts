import type { GateVerdict } from '../photo-rating/photo-rating.events';
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
 * or every post waits for an admin (`approval_required`, the `POSTS_REQUIRE_APPROVAL` setting).
 */
export interface HeldForReview {
  reason: 'gate_review' | 'approval_required';
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
 * Enough distinct accounts have a pending report on the post: it is hidden until an admin
 * reviews one of them (recorded by the system, not by an admin).
 */
export type PostAutoHidden = DomainEvent<
  'PostAutoHidden',
  { postId: string; authorId: string; reporterCount: number }
>;

export type PostModerationEvent =
  PostApproved | PostVisibilityChanged | PostRemoved | PostAutoHidden;

export type PostEvent = PostPublished | PostDeleted | PostModerationEvent;
