import { LIKE_EVENTS } from '../../domain/like/like.decider';
import { isoWeek } from '../../domain/competition/iso-week';
import type { CommentDeleted, CommentPosted } from '../../domain/comment/comment.decider';
import type { BoostApplied, BoostExpired } from '../../domain/boost/boost.decider';
import { REPOST_FLAG } from '../../domain/post/perceptual-hash';
import type {
  AiRating,
  HeldForReview,
  PostApproved,
  PostAutoHidden,
  PostDeleted,
  PostFingerprinted,
  PostPublished,
  PostRemoved,
  PostVisibilityChanged,
} from '../../domain/post/post.events';
import type { PostReported, ReportReviewed } from '../../domain/report/report.decider';
import type { UserBanned, UserRestrictionLifted } from '../../domain/user/user.events';
import type { RecordedEvent } from '../../domain/shared/event';
import { recordedVersion } from '../../domain/post/photo-fingerprint';
import type { ReadDocument } from '../read-model';
import { type VoteEvent, withVote } from './post-votes';
import type { Projection } from '../projection';

export const POSTS = 'posts';

/**
 * A post as the boards and the post page read it. The author's profile is not copied in: it is
 * joined at read time, so a later rename shows on old posts. Deleted posts leave the collection.
 */
export interface PostDocument extends ReadDocument {
  authorId: string;
  imageUrl: string;
  thumbnailUrl: string;
  imageHash: string;
  contentHash: string;
  /** The photo's size in pixels (its page keeps its shape); null on posts published before. */
  imageWidth: number | null;
  imageHeight: number | null;
  ai: AiRating | null;
  /** Sum of the AI's overall score (in tenths) and every community rating (×10). */
  ratingTenths: number;
  /** How many scores the sum holds: the AI's (if any) and the community's. */
  ratingCount: number;
  voteCount: number;
  /** Mean of the AI's score and every community rating; null before any. */
  averageRating: number | null;
  likesCount: number;
  commentsCount: number;
  isPublic: boolean;
  isModerated: boolean;
  /** Why a moderator should look: `repost` when another account posted the photo first. */
  moderationFlags: string[];
  /** Those earlier posts of the same photo by other accounts. */
  similarTo: string[];
  /**
   * On the public boards: public, not removed, not held for review, not auto-hidden by reports
   * and its author not banned. Leads every board index.
   */
  listed: boolean;
  /** Removed by an admin (kept for the admins' lists, never shown publicly again). */
  removed: boolean;
  removalReason: string | null;
  /** Hidden because enough accounts have a pending report on it. */
  autoHidden: boolean;
  /**
   * Held for review (the content gate's doubt, or every post waiting for an admin): seen by
   * its author and the admins only until an admin approves it. Null once approved or never held.
   */
  heldForReview: HeldForReview | null;
  /** Ordering key of the admins' held queue: 1 while held (and not removed), else 0. */
  held: number;
  /** Its author is banned. */
  authorBanned: boolean;
  /** Reports still waiting for an admin. */
  pendingReports: number;
  /** Ordering key of the admins' queue: 1 while unmoderated (pending review), else 0. */
  pendingReview: number;
  /** Board group of spec §9: 2 mega boost, 1 regular boost, 0 none (payments fill it in). */
  boostRank: number;
  boostType: 'regular' | 'mega' | null;
  /** The running boost and when it ends; readers treat a passed expiry as no boost. */
  boostId: string | null;
  boostExpiresAt: string | null;
  /**
   * The `FINGERPRINT_VERSION` its photo is filed at for the re-post check (0: the dHash alone):
   * the back-fill fingerprints the posts below the current one again.
   */
  fingerprintVersion: number;
  createdAt: string;
  /** ISO week of `createdAt` (`2026-W47`): the weekly board's partition. */
  week: string;
}

/** Board orders, each kept by an index of the collection (never sorted per request). */
export const BOARD_SORTS = {
  recent: { boostRank: -1, createdAt: -1 },
  top: { boostRank: -1, averageRating: -1, voteCount: -1, createdAt: 1 },
  weekly: { averageRating: -1, voteCount: -1, createdAt: 1 },
  byAuthor: { createdAt: -1 },
} as const;

const HANDLED = [
  'PostApproved',
  'PostVisibilityChanged',
  'PostRemoved',
  'PostAutoHidden',
  'PostReported',
  'ReportReviewed',
  'UserBanned',
  'UserBanExtended',
  'UserBanPartlyLifted',
  'UserRestrictionLifted',
  'PostPublished',
  'PostFingerprinted',
  'PostDeleted',
  'Liked',
  'Unliked',
  'LikeSetAside',
  'LikeRestored',
  'LikeHeld',
  'LikeCounted',
  'Rated',
  'RatingCounted',
  'VoteSetAside',
  'VoteRestored',
  'CommentPosted',
  'CommentDeleted',
  'BoostApplied',
  'BoostExpired',
] as const;

type Handled =
  | RecordedEvent<'PostApproved', PostApproved['data']>
  | RecordedEvent<'PostVisibilityChanged', PostVisibilityChanged['data']>
  | RecordedEvent<'PostRemoved', PostRemoved['data']>
  | RecordedEvent<'PostAutoHidden', PostAutoHidden['data']>
  | RecordedEvent<'PostReported', PostReported['data']>
  | RecordedEvent<'ReportReviewed', ReportReviewed['data']>
  | RecordedEvent<'UserBanned' | 'UserBanExtended', UserBanned['data']>
  | RecordedEvent<'UserRestrictionLifted' | 'UserBanPartlyLifted', UserRestrictionLifted['data']>
  | RecordedEvent<'PostPublished', PostPublished['data']>
  | RecordedEvent<'PostDeleted', PostDeleted['data']>
  | RecordedEvent<'PostFingerprinted', PostFingerprinted['data']>
  | VoteEvent
  | RecordedEvent<'CommentPosted', CommentPosted['data']>
  | RecordedEvent<'CommentDeleted', CommentDeleted['data']>
  | RecordedEvent<'BoostApplied', BoostApplied['data']>
  | RecordedEvent<'BoostExpired', BoostExpired['data']>;

/** The events of a ban and its lift: each names posts of the account, and posts its comments are on. */
const BAN_EVENTS: readonly string[] = [
  'UserBanned',
  'UserBanExtended',
  'UserBanPartlyLifted',
  'UserRestrictionLifted',
];

export const postsProjection: Projection<PostDocument> = {
  collection: POSTS,
  handles: HANDLED,
  indexes: [
    { keys: { listed: 1, ...BOARD_SORTS.recent } },
    { keys: { listed: 1, ...BOARD_SORTS.top } },
    { keys: { listed: 1, week: 1, ...BOARD_SORTS.weekly } },
    { keys: { authorId: 1, ...BOARD_SORTS.byAuthor } },
    // A search's page: the posts of the authors whose names match, in a board's order, one
    // walk per author merged (so a page reads about a page of posts, however rare they are).
    { keys: { authorId: 1, listed: 1, ...BOARD_SORTS.recent }, grouped: true },
    { keys: { authorId: 1, listed: 1, ...BOARD_SORTS.top }, grouped: true },
    { keys: { authorId: 1, listed: 1, week: 1, ...BOARD_SORTS.weekly }, grouped: true },
    { keys: { contentHash: 1 } },
    // The admins' list: pending review first, then newest.
    { keys: { pendingReview: -1, createdAt: -1 } },
    { keys: { pendingReports: -1, createdAt: -1 } },
    { keys: { listed: 1, createdAt: -1 } },
    { keys: { removed: 1, createdAt: -1 } },
    // The held-for-review queue: oldest first, as they wait.
    { keys: { held: 1, createdAt: 1 } },
    // Posts whose photo is filed at an older fingerprint, for the back-fill.
    { keys: { fingerprintVersion: 1, createdAt: 1 } },
    // Boosted posts, to find the ones whose boost has run out.
    { keys: { boostRank: 1, boostExpiresAt: 1 } },
  ],

  documentId(event) {
    if (BAN_EVENTS.includes(event.type)) {
      const data = event.data as { postIds?: unknown; commentsByPost?: unknown } | null;
      const ids = new Set(
        Array.isArray(data?.postIds) ? data.postIds.filter((id) => typeof id === 'string') : [],
      );
      for (const id of Object.keys(commentsByPost(data?.commentsByPost))) ids.add(id);
      return ids.size > 0 ? [...ids] : null;
    }
    const data = event.data as { postId?: unknown; target?: unknown } | null;
    const like = LIKE_EVENTS.includes(event.type);
    if (like && data?.target !== 'post') return null;
    return typeof data?.postId === 'string' ? data.postId : null;
  },

  apply(post, recorded) {
    if (recorded.type === 'PostPublished') return published(post, recorded);
    // Anything that arrives for a post that is gone (deleted, or never seen) changes nothing.
    return post ? change(post, recorded as Handled, copyOf) : null;
  },

  applyInPlace(post, recorded) {
    if (recorded.type === 'PostPublished') return published(post, recorded);
    return post ? change(post, recorded as Handled, itself) : null;
  },
};

/** A new post, or the one already there (a repeated PostPublished changes nothing). */
function published(post: PostDocument | null, recorded: RecordedEvent): PostDocument {
  if (post) return post;
  const event = recorded as RecordedEvent<'PostPublished', PostPublished['data']>;
  const { postId, authorId, image, ai } = event.data;
  const similarTo = event.data.similarTo ?? [];
  const heldForReview = heldOf(event.data.heldForReview);
  const aiTenths = ai ? Math.round(ai.overall * 10) : 0;
  return {
    _id: postId,
    authorId,
    imageUrl: image.imageUrl,
    thumbnailUrl: image.thumbnailUrl,
    imageHash: image.imageHash,
    contentHash: image.contentHash,
    imageWidth: image.width ?? null,
    imageHeight: image.height ?? null,
    ai,
    ratingTenths: aiTenths,
    ratingCount: ai ? 1 : 0,
    voteCount: 0,
    averageRating: ai ? aiTenths / 10 : null,
    likesCount: 0,
    commentsCount: 0,
    isPublic: true,
    isModerated: false,
    moderationFlags: similarTo.length > 0 ? [REPOST_FLAG] : [],
    similarTo,
    listed: heldForReview === null,
    removed: false,
    removalReason: null,
    autoHidden: false,
    heldForReview,
    held: heldForReview ? 1 : 0,
    authorBanned: false,
    pendingReports: 0,
    pendingReview: 1,
    boostRank: 0,
    boostType: null,
    boostId: null,
    boostExpiresAt: null,
    fingerprintVersion: recordedVersion(image),
    createdAt: recorded.metadata.at,
    week: isoWeek(new Date(recorded.metadata.at)),
  };
}

const copyOf = (post: PostDocument): PostDocument => ({ ...post });
const itself = (post: PostDocument): PostDocument => post;

/**
 * An event's change to an existing post, made to `writable(post)`: a copy for `apply`, the
 * post itself for a replay's working document. An event that changes nothing answers `post`;
 * a deleted post, null.
 */
function change(
  post: PostDocument,
  event: Handled,
  writable: (post: PostDocument) => PostDocument,
): PostDocument | null {
  switch (event.type) {
    case 'PostDeleted':
      return null;
    case 'PostFingerprinted': {
      const next = writable(post);
      next.fingerprintVersion = event.data.fingerprintVersion;
      return next;
    }
    case 'Liked':
    case 'Unliked':
    case 'LikeSetAside':
    case 'LikeRestored':
    case 'LikeHeld':
    case 'LikeCounted':
    case 'Rated':
    case 'RatingCounted':
    case 'VoteSetAside':
    case 'VoteRestored':
      return withVote(post, event, writable);
    case 'CommentPosted': {
      const next = writable(post);
      next.commentsCount += 1;
      return next;
    }
    case 'CommentDeleted': {
      // Comments hidden with a banned author left the count with the ban.
      const removed = 1 + (event.data.removedReplyIds?.length ?? 0) - (event.data.uncounted ?? 0);
      const next = writable(post);
      next.commentsCount = Math.max(0, post.commentsCount - removed);
      return next;
    }
    case 'PostApproved': {
      const next = writable(post);
      next.isModerated = true;
      next.pendingReview = 0;
      // An approval releases a held post.
      next.heldForReview = null;
      next.held = 0;
      return withListed(next);
    }
    case 'PostVisibilityChanged': {
      const isPublic = event.data.isPublic === true;
      const next = writable(post);
      next.isPublic = isPublic;
      next.autoHidden = false;
      return withListed(next);
    }
    case 'PostRemoved': {
      const removalReason = event.data.reason ?? null;
      const next = writable(post);
      next.removed = true;
      next.removalReason = removalReason;
      next.pendingReview = 0;
      next.held = 0;
      return withListed(next);
    }
    case 'PostAutoHidden': {
      const next = writable(post);
      next.autoHidden = true;
      return withListed(next);
    }
    case 'PostReported': {
      const next = writable(post);
      next.pendingReports = (post.pendingReports ?? 0) + 1;
      return next;
    }
    case 'ReportReviewed': {
      const next = writable(post);
      next.pendingReports = Math.max(0, (post.pendingReports ?? 0) - 1);
      return next;
    }
    case 'UserBanned':
    case 'UserBanExtended':
    case 'UserBanPartlyLifted':
    case 'UserRestrictionLifted': {
      // The event names the banned author's posts, and the posts the author's comments are on.
      const banned = event.type === 'UserBanned' || event.type === 'UserBanExtended';
      const hidden = commentsByPost(event.data.commentsByPost)[post._id] ?? 0;
      const own = Array.isArray(event.data.postIds) && event.data.postIds.includes(post._id);
      const next = writable(post);
      next.commentsCount = Math.max(0, post.commentsCount + (banned ? -hidden : hidden));
      if (!own) return next;
      next.authorBanned = banned;
      return withListed(next);
    }
    case 'BoostApplied': {
      const { boostType, boostId, expiresAt } = event.data;
      const next = writable(post);
      next.boostRank = boostType === 'mega' ? 2 : 1;
      next.boostType = boostType;
      next.boostId = boostId;
      next.boostExpiresAt = expiresAt;
      return next;
    }
    case 'BoostExpired': {
      // Only the boost that is running ends; an older one's late expiry changes nothing.
      if (post.boostId !== event.data.boostId) return post;
      const next = writable(post);
      next.boostRank = 0;
      next.boostType = null;
      next.boostId = null;
      next.boostExpiresAt = null;
      return next;
    }
    default:
      return post;
  }
}

/** Sets whether the public sees the post, from its moderation fields (on `post` itself). */
function withListed(post: PostDocument): PostDocument {
  post.listed =
    post.isPublic && !post.removed && !post.autoHidden && !post.authorBanned && !post.heldForReview;
  return post;
}

/** A post's hold as its event says, read defensively (older posts were never held). */
function heldOf(value: HeldForReview | undefined): HeldForReview | null {
  if (!value || typeof value !== 'object') return null;
  const reason =
    value.reason === 'gate_review' || value.reason === 'repost_review'
      ? value.reason
      : 'approval_required';
  return { reason, gate: value.gate ?? null };
}

/** A ban's comment counts per post, read defensively (older events have none). */
function commentsByPost(value: unknown): Record<string, number> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const counts: Record<string, number> = {};
  for (const [postId, count] of Object.entries(value as Record<string, unknown>)) {
    if (typeof count === 'number' && Number.isInteger(count) && count > 0) counts[postId] = count;
  }
  return counts;
}
