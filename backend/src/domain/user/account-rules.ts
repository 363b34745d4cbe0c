import { ValidationError } from '../shared/errors';

/** How long the secrets handed to a person stay valid. */
export const EMAIL_VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const PASSWORD_MIN_LENGTH = 8;
/** Hashing cost grows with the input; nobody needs more than this. */
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;

/** Local part without spaces or brackets, `@`, then a dotted domain of letters, digits, hyphens. */
const EMAIL_SHAPE =
  /^([^\s@<>()[\]\\,;:"]+)@([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+)$/i;

export const MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 256 characters',
  newPasswordTooShort: 'New password must be at least 8 characters',
  newPasswordTooLong: 'New password must be at most 256 characters',
} as const;

/** Emails are compared trimmed and lower-cased: `Ann@Example.com ` is `ann@example.com`. */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length === 0) throw new ValidationError(MESSAGES.emailRequired);
  if (!isPlausibleEmail(email)) throw new ValidationError(MESSAGES.emailInvalid);
  return email;
}

/**
 * A sane check, not RFC 5322: one @, a local part and a dotted domain, no spaces or quotes,
 * within the lengths SMTP allows. The verification mail proves the rest.
 */
export function isPlausibleEmail(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH || !email.isWellFormed()) return false;
  const match = EMAIL_SHAPE.exec(email);
  if (!match) return false;
  const [, local, domain] = match;
  return local.length <= 64 && domain.length <= 253 && !/\.\./.test(local);
}

/** Checked before hashing (the domain itself only ever sees the hash). */
export function assertPasswordPolicy(password: string, which: 'password' | 'new' = 'password') {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new ValidationError(
      which === 'new' ? MESSAGES.newPasswordTooShort : MESSAGES.passwordTooShort,
    );
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new ValidationError(
      which === 'new' ? MESSAGES.newPasswordTooLong : MESSAGES.passwordTooLong,
    );
  }
}

export function addMs(now: Date, ms: number): string {
  return new Date(now.getTime() + ms).toISOString();
}
