import { sessionStore } from '@/lib/storage';

import type { PendingRating, RatingResult } from './types';

/** sessionStorage key holding a rating a visitor chose to post before registering. */
export const PENDING_RATING_STORAGE_KEY = 'pendingRating';

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

export function savePendingRating(result: RatingResult): boolean {
  return sessionStore.set(PENDING_RATING_STORAGE_KEY, JSON.stringify(toPendingRating(result)));
}

/** `absent` when nothing is saved, `invalid` when something unusable is saved. */
export function readPendingRating():
  { status: 'absent' } | { status: 'invalid' } | { status: 'valid'; rating: PendingRating } {
  const raw = sessionStore.get(PENDING_RATING_STORAGE_KEY);
  if (raw === null) return { status: 'absent' };
  const rating = parsePendingRating(raw);
  return rating ? { status: 'valid', rating } : { status: 'invalid' };
}

export function clearPendingRating(): void {
  sessionStore.remove(PENDING_RATING_STORAGE_KEY);
}
