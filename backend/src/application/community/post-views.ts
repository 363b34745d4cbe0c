import type { SocialLinks } from '../../domain/user/user.events';
import type { CommentDocument } from '../../projections/comments/comments.projection';
import type { PostDocument } from '../../projections/posts/posts.projection';
import type { UserDocument } from '../../projections/users/users.projection';

/** What anyone may see of an author: never the email. */
export interface AuthorProfile {
  id: string;
  anonymousUsername: string;
  displayUsername: string | null;
  bio: string | null;
  socialLinks: SocialLinks | null;
  profilePictureUrl: string | null;
}

export interface PostView {
  post: PostDocument;
  /** The author's current profile; null if the account is gone. */
  author: AuthorProfile | null;
  /** 1-based place on a ranked board. */
  rank?: number;
}

/** A post as its own page shows it: with its place this week and the viewer's report. */
export interface PostPageView extends PostView {
  /** Its rank on this week's board; null when it has none (another week, unrated, unlisted). */
  weeklyRank: number | null;
  /** Whether the viewer has a report on it waiting for an admin (false signed out). */
  reportedByViewer: boolean;
}

/** A comment with its author and its replies (oldest first): the same for every viewer. */
export interface CommentView {
  readonly comment: CommentDocument;
  readonly author: AuthorProfile | null;
  readonly replies: readonly CommentView[];
}

/** A post's thread (top level oldest first, replies nested) and what the viewer likes of it. */
export interface ThreadView {
  /**
   * The same array, never changed, while the read models do not move: what a caller derives
   * from it (its bytes on the wire) may be kept beside it.
   */
  comments: readonly CommentView[];
  /** Ids of the thread's comments that the viewer likes (none for a signed-out viewer). */
  likedByViewer: ReadonlySet<string>;
  /** Opaque position after the page's last thread; null on the last page. */
  nextCursor: string | null;
}

/** A page of a post's threads: each top-level comment with its replies. */
export interface ThreadPage {
  threads: readonly CommentView[];
  nextCursor: string | null;
}

export interface BoardPage {
  items: PostView[];
  /** Opaque position after the last item; null on the last page. */
  nextCursor: string | null;
}

/** A weekly board's item keeps its rank only when the post is rated. */
export function placedOnlyIfRated(item: PostView): PostView {
  if (item.post.averageRating !== null) return item;
  const { rank: _unplaced, ...unranked } = item;
  return unranked;
}

/**
 * The post without its boost once the boost's `expiresAt` has passed, even before BoostExpired
 * is projected. The board's order is kept right by BoostExpiry, which runs before a board read.
 */
export function withCurrentBoost(post: PostDocument, now: Date): PostDocument {
  if (post.boostRank === 0 || !post.boostExpiresAt || new Date(post.boostExpiresAt) > now) {
    return post;
  }
  return { ...post, boostRank: 0, boostType: null, boostId: null, boostExpiresAt: null };
}

/**
 * What anyone may see of an account, wherever it shows (its page, its posts, its comments): a
 * banned account keeps its name, but its bio, links and picture leave every public page.
 */
export function publicProfile(user: UserDocument): AuthorProfile {
  const banned = user.status === 'banned';
  return {
    id: user._id,
    anonymousUsername: user.anonymousUsername,
    displayUsername: user.displayUsername ?? null,
    bio: banned ? null : (user.bio ?? null),
    socialLinks: banned ? null : (user.socialLinks ?? null),
    profilePictureUrl: banned ? null : (user.profilePictureUrl ?? null),
  };
}
