import type { CommentContext } from '../../../domain/comment/comment-filter';
import { REPEAT_WINDOW_MS } from '../../../domain/comment/comment-filter';
import { COMMENTS, type CommentDocument } from '../../../projections/comments/comments.projection';
import { USERS, type UserDocument } from '../../../projections/users/users.projection';
import type { ReadStore } from '../../ports/read-store.port';

/** The account's comments the repeat rule looks at, at most (a day of a busy member's). */
const RECENT_LIMIT = 200;

/** What the comment filter needs to know of the account: its age and its comments of today. */
export async function commentScreening(
  readStore: ReadStore,
  userId: string,
  postId: string,
  now: Date,
): Promise<CommentContext> {
  const since = new Date(now.getTime() - REPEAT_WINDOW_MS).toISOString();
  const [user, recent] = await Promise.all([
    readStore.findOne<UserDocument>(USERS, { _id: userId }),
    readStore.find<CommentDocument>(
      COMMENTS,
      { authorId: userId, createdAt: { $gte: since } },
      { sort: { createdAt: 1 }, limit: RECENT_LIMIT },
    ),
  ]);
  return {
    accountCreatedAt: user?.createdAt ?? '',
    postId,
    recentComments: recent.map(({ postId: on, text, createdAt }) => ({
      postId: on,
      text: typeof text === 'string' ? text : null,
      createdAt,
    })),
  };
}
