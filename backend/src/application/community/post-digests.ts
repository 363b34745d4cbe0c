import { COMMENTS, type CommentDocument } from '../../projections/comments/comments.projection';
import type { PostDocument } from '../../projections/posts/posts.projection';
import type { UserDocument } from '../../projections/users/users.projection';
import type { ReadDocument, ReadModelWrite, ReadStore } from '../ports/read-store.port';

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
  /**
   * The comments and replies counted above, by id: those removed, deleted or hidden with a
   * banned author by the time of the mail are left out of it. Absent on digests kept before:
   * their counts stand.
   */
  commentIds?: string[];
  replyIds?: string[];
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

/**
 * Whether the recipient can open the post a mail links to: listed, or their own while held or
 * hidden (not removed, not hidden with its banned author).
 */
export function shownTo(post: PostDocument, recipient: UserDocument): boolean {
  if (post.listed) return true;
  return post.authorId === recipient._id && !post.removed && !post.authorBanned;
}

/** The digest's comments and replies still shown (see `PostDigestDocument.commentIds`). */
export async function liveComments(
  readStore: Pick<ReadStore, 'find'>,
  digest: PostDigestDocument,
): Promise<{ comments: number; replies: number }> {
  const { commentIds, replyIds } = digest;
  if (!commentIds && !replyIds) return { comments: digest.comments, replies: digest.replies };
  const ids = [...(commentIds ?? []), ...(replyIds ?? [])];
  const found = ids.length
    ? await readStore.find<CommentDocument>(COMMENTS, { _id: { $in: ids } })
    : [];
  const shown = new Set(found.filter((comment) => !comment.hidden).map((comment) => comment._id));
  const count = (list: string[] | undefined, legacy: number) =>
    list ? list.filter((id) => shown.has(id)).length : legacy;
  return {
    comments: count(commentIds, digest.comments),
    replies: count(replyIds, digest.replies),
  };
}

export type DigestCount = 'comments' | 'ratings' | 'replies';

/**
 * The digest writes for news logged `at` (an ISO time) about a post: one more of `what` in each
 * recipient's digest, a comment or reply with its id (kept from a digest's first one of that
 * kind, so a digest kept before ids were keeps its counts).
 */
export async function countedIn(
  readStore: Pick<ReadStore, 'findOne'>,
  at: string,
  postId: string,
  counts: [recipientId: string, what: DigestCount][],
  commentId?: string,
): Promise<ReadModelWrite[]> {
  const time = Date.parse(at);
  if (!Number.isFinite(time)) return [];
  const writes: ReadModelWrite[] = [];
  for (const [recipientId, what] of counts) {
    const id = `${postId}:${recipientId}`;
    const current = await readStore.findOne<PostDigestDocument>(POST_DIGESTS, { _id: id });
    // No mail about it within the last quarter hour: the news is due at once.
    const digest: PostDigestDocument = current
      ? { ...current }
      : {
          _id: id,
          postId,
          recipientId,
          dueAt: new Date(time).toISOString(),
          comments: 0,
          ratings: 0,
          replies: 0,
          waited: false,
        };
    if (commentId && what !== 'ratings') {
      const ids = what === 'comments' ? 'commentIds' : 'replyIds';
      if (digest[ids] || !digest[what]) digest[ids] = [...(digest[ids] ?? []), commentId];
    }
    digest[what] = (digest[what] ?? 0) + 1;
    writes.push({ kind: 'upsert', collection: POST_DIGESTS, document: digest });
  }
  return writes;
}
