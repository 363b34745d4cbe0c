import type { UserSession } from '../../application/accounts/account-reads';
import { ForbiddenError, UnauthenticatedError } from '../../domain/shared/errors';
import { SIGN_IN_REQUIRED } from '../auth/user-session.guard';

/**
 * Spec §6: taking part (liking, commenting, rating, reporting) needs an account with a verified
 * email. Signed-out visitors get the spec's "Please sign up to …" wording (401); signed-in users
 * who have not opened their verification link are told to (403).
 */
export const SIGN_UP_TO = {
  likePost: 'Please sign up to like posts',
  likeComment: 'Please sign up to like comments',
  comment: 'Please sign up to comment on posts',
  reply: 'Please sign up to reply to comments',
  rate: 'Please sign up to rate posts',
  report: 'Please sign up to report posts',
} as const;

export const VERIFY_EMAIL_FIRST =
  'Please verify your email address first: open the link we sent you.';
export const DIRECT_POST_SIGN_IN = 'Please log in or register to post directly without rating.';

export type MemberAction = keyof typeof SIGN_UP_TO;

/** The verified member taking part, or the error that says what is missing. */
export function verifiedMember(session: UserSession | null, action: MemberAction): UserSession {
  if (!session) throw new UnauthenticatedError(SIGN_UP_TO[action]);
  if (!session.user.emailVerified) throw new ForbiddenError(VERIFY_EMAIL_FIRST);
  return session;
}

/** Any signed-in account (publishing does not need a verified email). */
export function signedIn(session: UserSession | null, message = SIGN_IN_REQUIRED): UserSession {
  if (!session) throw new UnauthenticatedError(message);
  return session;
}
