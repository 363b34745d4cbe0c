import type { CommentView, PostView } from '../../application/community/post-views';
import type { WeeklyWinner } from '../../domain/competition/weekly-competition.decider';
import type { SocialLinks } from '../../domain/user/user.events';
import type { PostDocument } from '../../projections/posts/posts.projection';
import type { WeeklyCompetitionDocument } from '../../projections/weekly-competitions/weekly-competitions.projection';

/** A rating as the screens show it: one decimal, as a string (spec §3); null before any. */
export function ratingText(rating: number | null): string | null {
  // Half up on the decimal value: 7.05 is 7.1, whichever way binary floating point stored it.
  return rating === null ? null : (Math.round(rating * 10 + 1e-9) / 10).toFixed(1);
}

/** Spec §3 "Post", with the author's current public profile and never an email. */
export interface PostResponse {
  id: string;
  userId: string;
  imageUrl: string;
  thumbnailUrl: string;
  imageHash: string;
  averageRating: string | null;
  voteCount: number;
  aiRating: {
    overall: string;
    toeAlignment: number;
    toeNails: number;
    footShape: number;
    aesthetic: number;
    aiComment: string;
  } | null;
  likesCount: number;
  commentsCount: number;
  username: string | null;
  displayUsername: string | null;
  bio: string | null;
  socialLinks: SocialLinks | null;
  profilePictureUrl: string | null;
  isBoosted: boolean;
  boostType: 'regular' | 'mega' | null;
  isPublic: boolean;
  isModerated: boolean;
  moderationFlags: string[];
  createdAt: string;
  rank?: number;
}

export function toPostResponse({ post, author, rank }: PostView): PostResponse {
  return {
    id: post._id,
    userId: post.authorId,
    imageUrl: post.imageUrl,
    thumbnailUrl: post.thumbnailUrl,
    imageHash: post.imageHash,
    averageRating: ratingText(post.averageRating),
    voteCount: post.voteCount,
    aiRating: post.ai
      ? {
          overall: post.ai.overall.toFixed(1),
          toeAlignment: post.ai.toeAlignment,
          toeNails: post.ai.toeNails,
          footShape: post.ai.footShape,
          aesthetic: post.ai.aesthetic,
          aiComment: post.ai.comment,
        }
      : null,
    likesCount: post.likesCount,
    commentsCount: post.commentsCount,
    username: author?.anonymousUsername ?? null,
    displayUsername: author?.displayUsername ?? null,
    bio: author?.bio ?? null,
    socialLinks: author?.socialLinks ?? null,
    profilePictureUrl: author?.profilePictureUrl ?? null,
    isBoosted: post.boostType !== null,
    boostType: post.boostType,
    isPublic: post.isPublic,
    isModerated: post.isModerated,
    moderationFlags: post.moderationFlags,
    createdAt: post.createdAt,
    ...(rank !== undefined ? { rank } : {}),
  };
}

/** Spec §3 "Variant in own posts". */
export function toOwnPostResponse(post: PostDocument) {
  return {
    id: post._id,
    imageUrl: post.imageUrl,
    thumbnailUrl: post.thumbnailUrl,
    averageRating: ratingText(post.averageRating),
    voteCount: post.voteCount,
    likesCount: post.likesCount,
    commentsCount: post.commentsCount,
    isBoosted: post.boostType !== null,
    boostType: post.boostType,
    isPublic: post.isPublic,
    isModerated: post.isModerated,
    createdAt: post.createdAt,
  };
}

/** Spec §3 "Variant on a profile". */
export function toProfilePostResponse(post: PostDocument) {
  return {
    id: post._id,
    imageUrl: post.imageUrl,
    thumbnailUrl: post.thumbnailUrl,
    overallRating: ratingText(post.averageRating),
    likesCount: post.likesCount,
    commentsCount: post.commentsCount,
    isBoosted: post.boostType !== null,
    boostType: post.boostType,
    createdAt: post.createdAt,
  };
}

/** Spec §3 "Comment", replies nested. */
export interface CommentResponse {
  id: string;
  postId: string;
  userId: string;
  username: string | null;
  displayUsername: string | null;
  profilePictureUrl: string | null;
  text: string;
  createdAt: string;
  likesCount: number;
  parentCommentId: string | null;
  replies: CommentResponse[];
}

export function toCommentResponse({ comment, author, replies }: CommentView): CommentResponse {
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
    parentCommentId: comment.parentCommentId,
    replies: replies.map(toCommentResponse),
  };
}

export interface WeekResponse {
  week: string;
  startsAt: string;
  endsAt: string;
  closedAt: string | null;
  winners: (Omit<WeeklyWinner, 'averageRating'> & { averageRating: string | null })[];
}

export function toWeekResponse(week: WeeklyCompetitionDocument): WeekResponse {
  return {
    week: week._id,
    startsAt: week.startsAt,
    endsAt: week.endsAt,
    closedAt: week.closedAt,
    winners: week.winners.map((winner) => ({
      ...winner,
      averageRating: ratingText(winner.averageRating),
    })),
  };
}
