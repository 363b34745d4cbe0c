import { hasLink, isOffensive, normaliseForScreening } from '../shared/text-screening';

export { hasLink, isOffensive } from '../shared/text-screening';

/**
 * The automatic comment filter the terms allow: slurs and obscenity (the `obscenity` package's
 * English list and recommended transformers), links from accounts younger than
 * `LINK_MIN_ACCOUNT_AGE_MS`, and the same text on another post within `REPEAT_WINDOW_MS`, read as
 * `../shared/text-screening.ts` reads texts. Pure: what it needs of the account arrives with the
 * text.
 */

export type CommentRefusalReason = 'offensive' | 'link' | 'repeated';

export const LINK_MIN_ACCOUNT_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * Shorter texts ("Lovely!", "Wow 😍") are what people honestly say under many posts; the repeat
 * rule is for copied paragraphs, the shape spam takes.
 */
export const REPEAT_MIN_LENGTH = 20;

export const COMMENT_REFUSALS: Readonly<Record<CommentRefusalReason, string>> = {
  offensive:
    'Your comment was not posted: it contains language our community guidelines do not allow. Please rephrase it.',
  link: 'Your comment was not posted: links are allowed once your account is 7 days old. Please remove the link.',
  repeated:
    'Your comment was not posted: you already posted the same text on another post today. Please write something new.',
};

/** What the filter is told of the account besides the text. */
export interface CommentContext {
  /** When the account registered (ISO-8601). */
  accountCreatedAt: string;
  /** The post the comment goes on. */
  postId: string;
  /** The account's latest comments, on any post (those older than `REPEAT_WINDOW_MS` are let be). */
  recentComments: readonly { postId: string; text: string | null; createdAt: string }[];
}

/** Trimmed, case-folded, inner whitespace collapsed: what counts as "the same text". */
export function sameTextKey(text: string): string {
  return normaliseForScreening(text).trim().toLocaleLowerCase('en').replace(/\s+/g, ' ');
}

/**
 * Why the comment may not be posted, or null when it may. The order is the one a member can act
 * on: offensive words first (rephrase), then a link (remove it), then a repeat (write anew).
 */
export function screenComment(
  text: string,
  context: CommentContext,
  now: Date,
): CommentRefusalReason | null {
  if (isOffensive(text)) return 'offensive';
  const accountAge = now.getTime() - Date.parse(context.accountCreatedAt);
  // An unknown age (no registration time) counts as young.
  if (!(accountAge >= LINK_MIN_ACCOUNT_AGE_MS) && hasLink(text)) return 'link';
  const key = sameTextKey(text);
  if (
    [...key].length >= REPEAT_MIN_LENGTH &&
    context.recentComments.some(
      (comment) =>
        comment.postId !== context.postId &&
        now.getTime() - Date.parse(comment.createdAt) < REPEAT_WINDOW_MS &&
        typeof comment.text === 'string' &&
        sameTextKey(comment.text) === key,
    )
  ) {
    return 'repeated';
  }
  return null;
}
