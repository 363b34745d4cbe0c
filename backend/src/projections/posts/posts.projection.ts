import { isoWeek } from '../../domain/competition/iso-week';
import type { CommentDeleted, CommentPosted } from '../../domain/comment/comment.decider';
import type { BoostApplied, BoostExpired } from '../../domain/boost/boost.decider';
import type { Liked, Unliked } from '../../domain/like/like.decider';
import type { Rated } from '../../domain/post-rating/post-rating.decider';
import { REPOST_FLAG } from '../../domain/post/perceptual-hash';
import type {
  AiRating,
  PostApproved,
  PostAutoHidden,
  PostDeleted,
  PostPublished,
  PostRemoved,
  PostVisibilityChanged,
} from '../../domain/post/post.events';
import type { PostReported, ReportReviewed } from '../../domain/report/report.decider';
import type { UserBanned, UserRestrictionLifted } from '../../domain/user/user.events';
import type { RecordedEvent } from '../../domain/shared/event';
import type { ReadDocument } from '../read-model';
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
   * On the public boards: public, not removed, not auto-hidden by reports and its author not
   * banned. Leads every board index.
   */
  listed: boolean;
  /** Removed by an admin (kept for the admins' lists, never shown publicly again). */
  removed: boolean;
  removalReason: string | null;
  /** Hidden because enough accounts have a pending report on it. */
  autoHidden: boolean;
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
  'UserRestrictionLifted',
  'PostPublished',
  'PostDeleted',
  'Liked',
  'Unliked',
  'Rated',
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
  | RecordedEvent<'UserBanned', UserBanned['data']>
  | RecordedEvent<'UserRestrictionLifted', UserRestrictionLifted['data']>
  | RecordedEvent<'PostPublished', PostPublished['data']>
  | RecordedEvent<'PostDeleted', PostDeleted['data']>
  | RecordedEvent<'Liked', Liked['data']>
  | RecordedEvent<'Unliked', Unliked['data']>
  | RecordedEvent<'Rated', Rated['data']>
  | RecordedEvent<'CommentPosted', CommentPosted['data']>
  | RecordedEvent<'CommentDeleted', CommentDeleted['data']>
  | RecordedEvent<'BoostApplied', BoostApplied['data']>
  | RecordedEvent<'BoostExpired', BoostExpired['data']>;

export const postsProjection: Projection<PostDocument> = {
  collection: POSTS,
  handles: HANDLED,
  indexes: [
    { keys: { listed: 1, ...BOARD_SORTS.recent } },
    { keys: { listed: 1, ...BOARD_SORTS.top } },
    { keys: { listed: 1, week: 1, ...BOARD_SORTS.weekly } },
    { keys: { authorId: 1, ...BOARD_SORTS.byAuthor } },
    { keys: { contentHash: 1 } },
    // The admins' list: pending review first, then newest.
    { keys: { pendingReview: -1, createdAt: -1 } },
    { keys: { pendingReports: -1, createdAt: -1 } },
    { keys: { listed: 1, createdAt: -1 } },
    { keys: { removed: 1, createdAt: -1 } },
    // Boosted posts, to find the ones whose boost has run out.
    { keys: { boostRank: 1, boostExpiresAt: 1 } },
  ],

  documentId(event) {
    if (event.type === 'UserBanned' || event.type === 'UserRestrictionLifted') {
      const data = event.data as { postIds?: unknown; commentsByPost?: unknown } | null;
      const ids = new Set(
        Array.isArray(data?.postIds) ? data.postIds.filter((id) => typeof id === 'string') : [],
      );
      for (const id of Object.keys(commentsByPost(data?.commentsByPost))) ids.add(id);
      return ids.size > 0 ? [...ids] : null;
    }
    const data = event.data as { postId?: unknown; target?: unknown } | null;
    if ((event.type === 'Liked' || event.type === 'Unliked') && data?.target !== 'post') {
      return null;
    }
    return typeof data?.postId === 'string' ? data.postId : null;
  },

  apply(post, recorded) {
    const event = recorded as Handled;
    if (event.type === 'PostPublished') {
      if (post) return post;
      const { postId, authorId, image, ai } = event.data;
      const similarTo = event.data.similarTo ?? [];
      const aiTenths = ai ? Math.round(ai.overall * 10) : 0;
      return {
        _id: postId,
        authorId,
        imageUrl: image.imageUrl,
        thumbnailUrl: image.thumbnailUrl,
        imageHash: image.imageHash,
        contentHash: image.contentHash,
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
        listed: true,
        removed: false,
        removalReason: null,
        autoHidden: false,
        authorBanned: false,
        pendingReports: 0,
        pendingReview: 1,
        boostRank: 0,
        boostType: null,
        boostId: null,
        boostExpiresAt: null,
        createdAt: recorded.metadata.at,
        week: isoWeek(new Date(recorded.metadata.at)),
      };
    }
    // Anything that arrives for a post that is gone (deleted, or never seen) changes nothing.
    if (!post) return null;
    switch (event.type) {
      case 'PostDeleted':
        return null;
      case 'Liked':
        return { ...post, likesCount: post.likesCount + 1 };
      case 'Unliked':
        return { ...post, likesCount: Math.max(0, post.likesCount - 1) };
      case 'Rated': {
        const score = Math.min(10, Math.max(0, Math.round(event.data.score)));
        const ratingTenths = post.ratingTenths + score * 10;
        const ratingCount = post.ratingCount + 1;
        return {
          ...post,
          ratingTenths,
          ratingCount,
          voteCount: post.voteCount + 1,
          // Integer sum over integer count: equal means are equal numbers, so ties stay ties.
          averageRating: ratingTenths / (ratingCount * 10),
        };
      }
      case 'CommentPosted':
        return { ...post, commentsCount: post.commentsCount + 1 };
      case 'CommentDeleted': {
        const removed = 1 + (event.data.removedReplyIds?.length ?? 0);
        return { ...post, commentsCount: Math.max(0, post.commentsCount - removed) };
      }
      case 'PostApproved':
        return { ...post, isModerated: true, pendingReview: 0 };
      case 'PostVisibilityChanged':
        return withListed({ ...post, isPublic: event.data.isPublic === true, autoHidden: false });
      case 'PostRemoved':
        return withListed({
          ...post,
          removed: true,
          removalReason: event.data.reason ?? null,
          pendingReview: 0,
        });
      case 'PostAutoHidden':
        return withListed({ ...post, autoHidden: true });
      case 'PostReported':
        return { ...post, pendingReports: (post.pendingReports ?? 0) + 1 };
      case 'ReportReviewed':
        return { ...post, pendingReports: Math.max(0, (post.pendingReports ?? 0) - 1) };
      case 'UserBanned':
      case 'UserRestrictionLifted': {
        // The event names the banned author's posts, and the posts the author's comments are on.
        const banned = event.type === 'UserBanned';
        const hidden = commentsByPost(event.data.commentsByPost)[post._id] ?? 0;
        const commentsCount = Math.max(0, post.commentsCount + (banned ? -hidden : hidden));
        const own = Array.isArray(event.data.postIds) && event.data.postIds.includes(post._id);
        return own
          ? withListed({ ...post, commentsCount, authorBanned: banned })
          : { ...post, commentsCount };
      }
      case 'BoostApplied':
        return {
          ...post,
          boostRank: event.data.boostType === 'mega' ? 2 : 1,
          boostType: event.data.boostType,
          boostId: event.data.boostId,
          boostExpiresAt: event.data.expiresAt,
        };
      case 'BoostExpired':
        // Only the boost that is running ends; an older one's late expiry changes nothing.
        return post.boostId === event.data.boostId
          ? { ...post, boostRank: 0, boostType: null, boostId: null, boostExpiresAt: null }
          : post;
      default:
        return post;
    }
  },
};

/** Whether the public sees the post, from its moderation fields. */
export function withListed(post: PostDocument): PostDocument {
  const listed = post.isPublic && !post.removed && !post.autoHidden && !post.authorBanned;
  return { ...post, listed };
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
