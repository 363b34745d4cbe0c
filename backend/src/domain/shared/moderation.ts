import { ValidationError } from './errors';

export const REASON_REQUIRED = 'Please give a reason';
export const MAX_MODERATION_REASON_LENGTH = 500;

/** An admin's reason: trimmed, at most 500 characters; null when optional and empty. */
export function moderationReason(raw: string | null | undefined, required: boolean): string | null {
  const reason = (raw ?? '').trim();
  if (reason.length === 0) {
    if (required) throw new ValidationError(REASON_REQUIRED);
    return null;
  }
  if ([...reason].length > MAX_MODERATION_REASON_LENGTH) {
    throw new ValidationError(
      `A reason must be at most ${MAX_MODERATION_REASON_LENGTH} characters`,
    );
  }
  return reason;
}
