import { localStore, sessionStore } from '@/lib/storage';

import { PENDING_RATING_STORAGE_KEY, SAVED_RATING_STORAGE_KEY } from './saved-rating-keys';
import type { PendingRating, RatingResult } from './types';

export { PENDING_RATING_STORAGE_KEY, SAVED_RATING_STORAGE_KEY };

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

function isScore(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 10;
}

function isScoreString(value: unknown): value is string {
  if (!isNonEmptyString(value)) return false;
  const trimmed = value.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) && isScore(Number(trimmed));
}

/**
 * Spec §5: a saved rating must contain all eight fields, and the publish key its upload
 * answered. Anything else (tampered or truncated storage, an older shape) is rejected so the
 * caller can clear it.
 */
export function parsePendingRating(raw: string | null): PendingRating | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const rating = value as Record<keyof PendingRating, unknown>;
  if (
    !isNonEmptyString(rating.imageUrl) ||
    !isNonEmptyString(rating.imageHash) ||
    !isScoreString(rating.averageRating) ||
    !isScore(rating.toeAlignment) ||
    !isScore(rating.toeNails) ||
    !isScore(rating.footShape) ||
    !isScore(rating.aesthetic) ||
    typeof rating.aiComment !== 'string' ||
    !isNonEmptyString(rating.publishKey)
  ) {
    return null;
  }
  return toPendingRating(rating as PendingRating);
}

/** Only the eight fields and the publish key are kept, whatever else the upload answered. */
export function toPendingRating(result: PendingRating): PendingRating {
  return {
    imageUrl: result.imageUrl,
    imageHash: result.imageHash,
    // The API sends a decimal string; normalise in case a number slips through.
    averageRating: String(result.averageRating),
    toeAlignment: result.toeAlignment,
    toeNails: result.toeNails,
    footShape: result.footShape,
    aesthetic: result.aesthetic,
    aiComment: result.aiComment,
    publishKey: result.publishKey,
  };
}

/**
 * The latest rating is kept in localStorage for as long as its upload lives on the server
 * (backend `UNPUBLISHED_UPLOAD_HOURS`): a reload or a new tab shows it again, and registering
 * or logging in can still post it.
 */
export const RATING_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Where the account's latest post is, for "See your post" after verifying the email. */
export const LAST_POST_STORAGE_KEY = 'lastPostId';

/** Said when publishing answers that the upload is gone (expired on the server). */
export const UPLOAD_GONE = {
  title: 'Rating expired',
  description:
    'This photo is no longer on the server (uploads are kept for 24 hours). Please upload it again to get rated.',
};

/** Spec §8: saved data that is not a whole rating. */
export const INVALID_SAVED_RATING = {
  title: 'Invalid saved rating',
  description: 'Please upload a new photo to get rated.',
};

export interface SavedRating {
  rating: PendingRating;
  rater: RatingResult['rater'];
  heldForReview: boolean;
  /** Epoch ms after which the server has discarded the upload. */
  expiresAt: number;
  /** The visitor chose "Post to Leaderboard": it is posted once they are signed in. */
  posting: boolean;
}

export type SavedRatingRead =
  | { status: 'absent' }
  | { status: 'invalid' }
  | { status: 'expired' }
  | { status: 'valid'; saved: SavedRating };

function write(saved: SavedRating): boolean {
  return localStore.set(SAVED_RATING_STORAGE_KEY, JSON.stringify(saved));
}

function parseSaved(raw: string): SavedRating | 'invalid' {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return 'invalid';
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'invalid';
  const entry = value as Record<keyof SavedRating, unknown>;
  const rating = parsePendingRating(JSON.stringify(entry.rating ?? null));
  if (
    !rating ||
    (entry.rater !== 'openai' && entry.rater !== 'offline') ||
    typeof entry.heldForReview !== 'boolean' ||
    typeof entry.expiresAt !== 'number' ||
    !Number.isFinite(entry.expiresAt) ||
    typeof entry.posting !== 'boolean'
  ) {
    return 'invalid';
  }
  return {
    rating,
    rater: entry.rater,
    heldForReview: entry.heldForReview,
    expiresAt: entry.expiresAt,
    posting: entry.posting,
  };
}

/** Keeps a new upload's rating (not yet chosen to post) until its upload expires. */
export function saveRating(result: RatingResult, now: number = Date.now()): boolean {
  return write({
    rating: toPendingRating(result),
    rater: result.rater,
    heldForReview: result.heldForReview,
    expiresAt: now + RATING_LIFETIME_MS,
    posting: false,
  });
}

/** "Post to Leaderboard" by a visitor: kept, marked to post once they are signed in. */
export function savePendingRating(result: RatingResult, now: number = Date.now()): boolean {
  const current = readSavedRating(now);
  const expiresAt =
    current.status === 'valid' && current.saved.rating.publishKey === result.publishKey
      ? current.saved.expiresAt
      : now + RATING_LIFETIME_MS;
  return write({
    rating: toPendingRating(result),
    rater: result.rater,
    heldForReview: result.heldForReview,
    expiresAt,
    posting: true,
  });
}

/**
 * A rating saved by an older version in sessionStorage (the eight fields and the key, chosen to
 * post) is moved here once; its upload time is unknown, so it gets a full lifetime and the
 * server decides when it is posted.
 */
function migrateSessionRating(now: number): void {
  const raw = sessionStore.get(PENDING_RATING_STORAGE_KEY);
  if (raw === null) return;
  sessionStore.remove(PENDING_RATING_STORAGE_KEY);
  const rating = parsePendingRating(raw);
  // Unusable old data is kept under the new key so the reader reports it invalid (and it is
  // cleared with the spec's message).
  if (!rating) {
    localStore.set(SAVED_RATING_STORAGE_KEY, raw);
    return;
  }
  write({
    rating,
    rater: 'openai',
    heldForReview: false,
    expiresAt: now + RATING_LIFETIME_MS,
    posting: true,
  });
}

/** The saved rating; expired or invalid entries are reported, for the caller to clear. */
export function readSavedRating(now: number = Date.now()): SavedRatingRead {
  if (localStore.get(SAVED_RATING_STORAGE_KEY) === null) migrateSessionRating(now);
  const raw = localStore.get(SAVED_RATING_STORAGE_KEY);
  if (raw === null) return { status: 'absent' };
  const saved = parseSaved(raw);
  if (saved === 'invalid') return { status: 'invalid' };
  if (saved.expiresAt <= now) return { status: 'expired' };
  return { status: 'valid', saved };
}

/** The rating and its details as the result view shows them. */
export function toRatingResult(saved: SavedRating): RatingResult {
  return { ...saved.rating, rater: saved.rater, heldForReview: saved.heldForReview };
}

/** A saved rating the visitor chose to post, waiting for them to sign in (else `null`). */
export function readPendingRating(now: number = Date.now()): SavedRating | null {
  const read = readSavedRating(now);
  return read.status === 'valid' && read.saved.posting ? read.saved : null;
}

export function clearPendingRating(): void {
  localStore.remove(SAVED_RATING_STORAGE_KEY);
  sessionStore.remove(PENDING_RATING_STORAGE_KEY);
}

export function rememberLastPost(postId: string): void {
  localStore.set(LAST_POST_STORAGE_KEY, postId);
}

export function readLastPost(): string | null {
  const id = localStore.get(LAST_POST_STORAGE_KEY);
  return id && /^[\w-]{1,100}$/.test(id) ? id : null;
}
