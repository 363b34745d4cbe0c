/** What the account's decisions say when they refuse. */

export const TOKEN_MESSAGES = {
  verificationInvalid: 'This verification link is invalid. Please request a new one.',
  verificationUsed: 'This verification link has already been used.',
  verificationExpired: 'This verification link has expired. Please request a new one.',
  alreadyVerified: 'Your email is already verified.',
  resetInvalid: 'This password reset link is invalid. Please request a new one.',
  resetUsed: 'This password reset link has already been used.',
  resetExpired: 'This password reset link has expired. Please request a new one.',
} as const;

export const CHOOSE_PASSWORD_TO_VERIFY = 'Choose a password to finish verifying your email';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export const USER_NOT_FOUND = 'User not found';
export const ACCOUNT_SUSPENDED =
  'Your account has been suspended. Please contact support if you think this is a mistake.';
export const ACCOUNT_BANNED = 'Your account has been banned for breaking the community rules.';
export const ALREADY_BANNED = 'This account is already banned';
export const ALREADY_SUSPENDED = 'This account is already suspended';
export const NOT_RESTRICTED = 'This account is neither suspended nor banned';
