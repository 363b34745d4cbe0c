import type { ReadDocument } from '../ports/read-store.port';

/**
 * After a mail about a post, a member hears of that post again at most once per quarter hour:
 * what comes in meanwhile waits for the quarter hour's end, in one mail.
 */
export const DIGEST_WINDOW_MS = 15 * 60 * 1000;
/** Pending post digests: the reactor's own state, written with its checkpoint. */
export const POST_DIGESTS = 'notification_post_digests';

/**
 * One member's news of one post (`<postId>:<recipientId>`): new ratings and comments of their
 * post, replies to their comment on it. Due at the first event when nothing was mailed about it
 * within the last quarter hour (the sweep sends it within a minute); once mailed it stays, empty,
 * until a quarter hour after that mail, and what comes in meanwhile is due then.
 */
export interface PostDigestDocument extends ReadDocument {
  _id: string;
  postId: string;
  recipientId: string;
  /** When the news is mailed; with nothing pending, when the quiet quarter hour ends. */
  dueAt: string;
  comments: number;
  ratings: number;
  replies: number;
  /** Whether a mail went out within the quarter hour before `dueAt` (the news waited). */
  waited: boolean;
}

/** A digest kept before digests were per member (clock quarter hours): sent once, then gone. */
export interface LegacyPostDigest extends ReadDocument {
  postId: string;
  authorId: string;
  window: number;
  dueAt: string;
  comments: number;
  ratings: number;
}

/** A digest as kept now; one kept before digests were per member reads as its author's. */
export function currentDigest(found: PostDigestDocument | LegacyPostDigest): PostDigestDocument {
  if (typeof found.window !== 'number') return found as PostDigestDocument;
  const legacy = found as LegacyPostDigest;
  return {
    _id: legacy._id,
    postId: legacy.postId,
    recipientId: legacy.authorId,
    dueAt: legacy.dueAt,
    comments: legacy.comments,
    ratings: legacy.ratings,
    replies: 0,
    waited: false,
  };
}
