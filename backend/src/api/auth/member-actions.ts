/**
 * Spec §6: taking part (liking, commenting, rating, reporting, buying a boost) needs an account
 * with a verified email. Signed-out visitors get the action's own wording (401, the spec's
 * "Please sign up to …"); signed-in users who have not opened their verification link are told
 * to (403). Routes declare the action with `@VerifiedMember(action)` (session.guard.ts).
 */
export const ACCOUNT_REQUIRED_TO_BOOST = 'Account required to boost posts';

export const SIGNED_OUT_MESSAGES = {
  likePost: 'Please sign up to like posts',
  likeComment: 'Please sign up to like comments',
  comment: 'Please sign up to comment on posts',
  reply: 'Please sign up to reply to comments',
  rate: 'Please sign up to rate posts',
  report: 'Please sign up to report posts',
  boost: ACCOUNT_REQUIRED_TO_BOOST,
} as const;

export const VERIFY_EMAIL_FIRST =
  'Please verify your email address first: open the link we sent you.';
export const DIRECT_POST_SIGN_IN = 'Please log in or register to post directly without rating.';

export type MemberAction = keyof typeof SIGNED_OUT_MESSAGES;
