import { ApiProperty } from '@nestjs/swagger';
import type { CommentView, PostPageView, PostView } from '../../application/community/post-views';
import { raterKind } from '../../application/ports/rater.port';
import type { SocialLinks } from '../../domain/user/user.events';
import type { PostDocument } from '../../projections/posts/posts.projection';
import { SOCIAL_LINKS_SCHEMA } from '../auth/user.view';
import { AiScoresResponse } from '../shared/ai-scores.view';

const BOOST_TYPE_SCHEMA = {
  type: String,
  enum: ['regular', 'mega'],
  nullable: true,
  description: 'The boost running on the post, if any',
};

/** A rating as the screens show it: one decimal, as a string (spec §3); null before any. */
export function ratingText(rating: number | null): string | null {
  // Half up on the decimal value: 7.05 is 7.1, whichever way binary floating point stored it.
  return rating === null ? null : (Math.round(rating * 10 + 1e-9) / 10).toFixed(1);
}

/**
 * The members' part of a post's figures: the mean of the community ratings alone, one decimal as
 * text; null before any counts. The AI's score is taken back out of the mixed sum.
 */
export function communityAverage(post: PostDocument): string | null {
  if (post.voteCount === 0) return null;
  const aiTenths = post.ai ? Math.round(post.ai.overall * 10) : 0;
  return ratingText((post.ratingTenths - aiTenths) / (post.voteCount * 10));
}

const COMMUNITY_AVERAGE_SCHEMA = {
  type: String,
  nullable: true,
  example: '6.8',
  description:
    'Mean of the community ratings alone (without the AI score), one decimal as text; null before any counts',
};

const HELD_DESCRIPTION =
  'Held for review: only its author (and the admins) see it until an admin approves it';

/** The AI's rating of a post's photo: the overall score as text, the categories 0 to 10. */
export class AiRatingResponse extends AiScoresResponse {
  /** One decimal, as text */
  @ApiProperty({ example: '7.0' })
  overall!: string;
}

/** Spec §3 "Post", with the author's current public profile and never an email. */
export class PostResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  /** The author */
  @ApiProperty({ format: 'uuid' })
  userId!: string;

  @ApiProperty({ example: '/uploads/ab/ab12….webp' })
  imageUrl!: string;

  @ApiProperty({ example: '/uploads/ab/ab12…-480.webp' })
  thumbnailUrl!: string;

  /** Perceptual hash of the photo, 16 hex digits */
  imageHash!: string;

  /** The photo's width in pixels; null for a post published before sizes were kept */
  @ApiProperty({ type: 'integer', minimum: 1 })
  imageWidth!: number | null;

  /** The photo's height in pixels; null as `imageWidth` */
  @ApiProperty({ type: 'integer', minimum: 1 })
  imageHeight!: number | null;

  /**
   * Mean of the AI score and every community rating, one decimal as text; null for a direct post
   * nobody has rated
   */
  @ApiProperty({ type: String, example: '7.5' })
  averageRating!: string | null;

  /** Community ratings counted */
  @ApiProperty({ type: 'integer', minimum: 0 })
  voteCount!: number;

  @ApiProperty(COMMUNITY_AVERAGE_SCHEMA)
  communityAverage!: string | null;

  /** Null for a direct post */
  aiRating!: AiRatingResponse | null;

  @ApiProperty({ type: 'integer', minimum: 0 })
  likesCount!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  commentsCount!: number;

  /** The author's anonymous username */
  username!: string | null;

  displayUsername!: string | null;

  bio!: string | null;

  @ApiProperty(SOCIAL_LINKS_SCHEMA)
  socialLinks!: SocialLinks | null;

  profilePictureUrl!: string | null;

  isBoosted!: boolean;

  @ApiProperty(BOOST_TYPE_SCHEMA)
  boostType!: 'regular' | 'mega' | null;

  isPublic!: boolean;

  isModerated!: boolean;

  @ApiProperty({ description: HELD_DESCRIPTION })
  heldForReview!: boolean;

  /** `repost` when another account posted the same photo earlier */
  @ApiProperty({ type: [String], example: [] })
  moderationFlags!: string[];

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  /** Place on the whole board, where a board ranks (sort=top, the weekly board) */
  @ApiProperty({ type: 'integer', minimum: 1 })
  rank?: number;
}

/**
 * The one mapping of a post to the wire: on a board or in a list (`PostView`), or on its own page
 * (`PostPageView`), which adds its place this week and the viewer's report.
 */
export function toPostResponse(view: PostPageView): PostPageResponse;
export function toPostResponse(view: PostView): PostResponse;
export function toPostResponse(view: PostView | PostPageView): PostResponse {
  const { post, author, rank } = view;
  return {
    id: post._id,
    userId: post.authorId,
    imageUrl: post.imageUrl,
    thumbnailUrl: post.thumbnailUrl,
    imageHash: post.imageHash,
    imageWidth: post.imageWidth ?? null,
    imageHeight: post.imageHeight ?? null,
    averageRating: ratingText(post.averageRating),
    voteCount: post.voteCount,
    communityAverage: communityAverage(post),
    aiRating: post.ai
      ? {
          overall: post.ai.overall.toFixed(1),
          toeAlignment: post.ai.toeAlignment,
          toeNails: post.ai.toeNails,
          footShape: post.ai.footShape,
          aesthetic: post.ai.aesthetic,
          aiComment: post.ai.comment,
          rater: raterKind(post.ai.rater),
        }
      : null,
    likesCount: post.likesCount,
    commentsCount: post.commentsCount,
    username: author?.anonymousUsername ?? null,
    displayUsername: author?.displayUsername ?? null,
    bio: author?.bio ?? null,
    socialLinks: author?.socialLinks ?? null,
    profilePictureUrl: author?.profilePictureUrl ?? null,
    isBoosted: post.boostRank > 0 && post.boostType !== null,
    boostType: post.boostType,
    isPublic: post.isPublic,
    isModerated: post.isModerated,
    heldForReview: Boolean(post.heldForReview),
    moderationFlags: post.moderationFlags,
    createdAt: post.createdAt,
    ...(rank !== undefined ? { rank } : {}),
    ...('weeklyRank' in view
      ? { weeklyRank: view.weeklyRank, reportedByViewer: view.reportedByViewer }
      : {}),
  };
}

/** A post on its own page: its place this week and whether the viewer has reported it. */
export class PostPageResponse extends PostResponse {
  /**
   * Its rank on this week’s board (as the weekly board shows it); null for a post of another week,
   * an unrated or an unlisted one
   */
  @ApiProperty({ type: 'integer', minimum: 1 })
  weeklyRank!: number | null;

  /** Whether the signed-in viewer has a report on it waiting for an admin (false signed out) */
  reportedByViewer!: boolean;
}

/** What every list of posts shows of each (own posts, a profile's): images, counts, boost. */
class PostCardResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  imageUrl!: string;

  @ApiProperty()
  thumbnailUrl!: string;

  @ApiProperty({ type: 'integer', minimum: 0 })
  likesCount!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  commentsCount!: number;

  @ApiProperty()
  isBoosted!: boolean;

  @ApiProperty(BOOST_TYPE_SCHEMA)
  boostType!: 'regular' | 'mega' | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

/** Spec §3 "Variant in own posts". */
export class OwnPostResponse extends PostCardResponse {
  @ApiProperty({ type: String, example: '7.5' })
  averageRating!: string | null;

  @ApiProperty({ type: 'integer', minimum: 0 })
  voteCount!: number;

  @ApiProperty(COMMUNITY_AVERAGE_SCHEMA)
  communityAverage!: string | null;

  /** Whether the public may see it as far as hiding goes: false once an admin or reports hid it */
  isPublic!: boolean;

  isModerated!: boolean;

  @ApiProperty({ description: HELD_DESCRIPTION })
  heldForReview!: boolean;

  /** Removed by a moderator: off every public board and page for good (its page answers 404) */
  removed!: boolean;

  /** Why a moderator removed it; null unless removed */
  removalReason!: string | null;
}

export function toOwnPostResponse(post: PostDocument): OwnPostResponse {
  return {
    id: post._id,
    imageUrl: post.imageUrl,
    thumbnailUrl: post.thumbnailUrl,
    averageRating: ratingText(post.averageRating),
    voteCount: post.voteCount,
    communityAverage: communityAverage(post),
    likesCount: post.likesCount,
    commentsCount: post.commentsCount,
    // A removed post's boost shows nowhere, nor does it on the owner's own list.
    isBoosted: post.boostRank > 0 && post.boostType !== null && !post.removed,
    boostType: post.removed ? null : post.boostType,
    // Hidden by reports is hidden to everyone else too: the owner sees it so.
    isPublic: post.isPublic && !post.autoHidden,
    isModerated: post.isModerated,
    // A removed post is no longer waiting for anyone: it shows as removed, never as held.
    heldForReview: Boolean(post.heldForReview) && !post.removed,
    removed: post.removed === true,
    removalReason: post.removed ? (post.removalReason ?? null) : null,
    createdAt: post.createdAt,
  };
}

/** Spec §3 "Variant on a profile". */
export class ProfilePostResponse extends PostCardResponse {
  @ApiProperty({ type: String, example: '7.5' })
  overallRating!: string | null;

  /** Community ratings counted */
  @ApiProperty({ type: 'integer', minimum: 0 })
  voteCount!: number;

  @ApiProperty(COMMUNITY_AVERAGE_SCHEMA)
  communityAverage!: string | null;
}

export function toProfilePostResponse(post: PostDocument): ProfilePostResponse {
  return {
    id: post._id,
    imageUrl: post.imageUrl,
    thumbnailUrl: post.thumbnailUrl,
    overallRating: ratingText(post.averageRating),
    voteCount: post.voteCount,
    communityAverage: communityAverage(post),
    likesCount: post.likesCount,
    commentsCount: post.commentsCount,
    isBoosted: post.boostRank > 0 && post.boostType !== null,
    boostType: post.boostType,
    createdAt: post.createdAt,
  };
}

/** Spec §3 "Comment", replies nested. */
export class CommentResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  postId!: string;

  /** The author */
  @ApiProperty({ format: 'uuid' })
  userId!: string;

  /** The author's anonymous username */
  username!: string | null;

  displayUsername!: string | null;

  profilePictureUrl!: string | null;

  text!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: 'integer', minimum: 0 })
  likesCount!: number;

  /**
   * Whether the signed-in viewer likes the comment (always false when signed out), so a thread
   * needs no request per comment
   */
  likedByViewer!: boolean;

  @ApiProperty({ type: String, format: 'uuid' })
  parentCommentId!: string | null;

  /** Replies, oldest first (one level deep: always empty on a reply) */
  replies!: CommentResponse[];
}

/** Nobody's likes: a comment just posted, or a signed-out viewer. */
export const LIKED_BY_NOBODY: ReadonlySet<string> = new Set();

/** A comment as the wire carries it, `likedByViewer` from the ids of those the viewer likes. */
export function toCommentResponse(
  { comment, author, replies }: CommentView,
  likedByViewer: ReadonlySet<string>,
): CommentResponse {
  return {
    id: comment._id,
    postId: comment.postId,
    userId: comment.authorId,
    username: author?.anonymousUsername ?? null,
    displayUsername: author?.displayUsername ?? null,
    profilePictureUrl: author?.profilePictureUrl ?? null,
    // Null only while an erased author's comment is on its way out.
    text: comment.text ?? '',
    createdAt: comment.createdAt,
    likesCount: comment.likesCount,
    likedByViewer: likedByViewer.has(comment._id),
    parentCommentId: comment.parentCommentId,
    replies: replies.map((reply) => toCommentResponse(reply, likedByViewer)),
  };
}
