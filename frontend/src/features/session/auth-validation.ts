import { PASSWORD_MIN_LENGTH } from '@/lib/password-rules';
import type { FieldErrors } from '@/lib/use-form';

/** Spec §5 wording for the sign-in, registration and recovery forms. */
export const AUTH_MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  fillAllFields: 'Please fill in all fields',
} as const;

/** A sanity check only (one @, a dot in the domain, no spaces); the mailed link proves the rest. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return AUTH_MESSAGES.emailRequired;
  if (!EMAIL_SHAPE.test(trimmed)) return AUTH_MESSAGES.emailInvalid;
  return undefined;
}

/** Forgot password and resend verification: an email is needed (spec §5), nothing more. */
export function validateEmailRequest(input: { email: string }): FieldErrors<'email'> {
  return input.email.trim() ? {} : { email: AUTH_MESSAGES.emailRequired };
}

/** Login: email required, password required, at least 8 characters. */
export function validateLogin(input: {
  email: string;
  password: string;
}): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  const email = emailError(input.email);
  if (email) errors.email = email;
  if (!input.password) errors.password = AUTH_MESSAGES.passwordRequired;
  else if (input.password.length < PASSWORD_MIN_LENGTH) {
    errors.password = AUTH_MESSAGES.passwordTooShort;
  }
  return errors;
}

/** Register: email required, password at least 8, confirmation filled in and equal. */
export function validateRegistration(input: {
  email: string;
  password: string;
  confirmPassword: string;
}): FieldErrors<'email' | 'password' | 'confirmPassword'> {
  const errors: FieldErrors<'email' | 'password' | 'confirmPassword'> = {};
  const email = emailError(input.email);
  if (email) errors.email = email;
  if (input.password.length < PASSWORD_MIN_LENGTH) errors.password = AUTH_MESSAGES.passwordTooShort;
  if (!input.confirmPassword) errors.confirmPassword = AUTH_MESSAGES.confirmRequired;
  else if (input.confirmPassword !== input.password) {
    errors.confirmPassword = AUTH_MESSAGES.passwordsDiffer;
  }
  return errors;
}

/** The password chosen while verifying the email: at least 8, confirmation filled in and equal. */
export function validateChosenPassword(input: {
  password: string;
  confirmPassword: string;
}): FieldErrors<'password' | 'confirmPassword'> {
  const errors: FieldErrors<'password' | 'confirmPassword'> = {};
  if (input.password.length < PASSWORD_MIN_LENGTH) errors.password = AUTH_MESSAGES.passwordTooShort;
  if (!input.confirmPassword) errors.confirmPassword = AUTH_MESSAGES.confirmRequired;
  else if (input.confirmPassword !== input.password) {
    errors.confirmPassword = AUTH_MESSAGES.passwordsDiffer;
  }
  return errors;
}

/**
 * Reset password (spec §5), one message at a time in this order: both fields filled in, equal,
 * then long enough.
 */
export function resetPasswordError(password: string, confirmPassword: string): string | null {
  if (!password || !confirmPassword) return AUTH_MESSAGES.fillAllFields;
  if (password !== confirmPassword) return AUTH_MESSAGES.passwordsDiffer;
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  return null;
}
