/**
 * Answer shapes shared by more than one feature (docs/community.md "Shapes"). A shape only one
 * feature reads lives in that feature.
 */

export type BoostType = 'regular' | 'mega';

/** Spec §3 "Post" as `GET /api/posts/{id}` and the boards answer it. */
export interface Post {
  id: string;
  /** The author; absent for a post whose author is gone. */
  userId: string | null;
  imageUrl: string;
  thumbnailUrl?: string | null;
  imageHash: string;
  /** One-decimal string, or null for a direct post nobody has rated yet. */
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
  /** The author's anonymous username. */
  username: string | null;
  displayUsername: string | null;
  bio: string | null;
  socialLinks: Partial<
    Record<'instagram' | 'twitter' | 'tiktok' | 'youtube' | 'snapchat', string>
  > | null;
  profilePictureUrl: string | null;
  isBoosted: boolean;
  boostType: BoostType | null;
  isPublic: boolean;
  isModerated: boolean;
  moderationFlags: string[];
  createdAt: string;
  /** 1-based, only where a board ranks (Top Rated and the weekly board). */
  rank?: number;
}

/** The name an author goes by: the display name, else the anonymous username. */
export function authorName(author: {
  displayUsername?: string | null;
  username?: string | null;
}): string {
  return author.displayUsername?.trim() || author.username?.trim() || 'Anonymous';
}

/** Spec §3 "Boost" as the payments routes answer it (prices are dollar strings, "1.99"). */
export interface Boost {
  id: string;
  boostType: BoostType;
  price: string;
  currency: string;
  createdAt: string;
  /** Null while the boost is unclaimed on the account. */
  appliedAt: string | null;
  expiresAt: string | null;
  isActive: boolean;
  postId: string | null;
  userId: string;
  stripePaymentId: string | null;
}

/** `GET /api/boosts/unclaimed`: the account's unused boosts, the oldest (the next applied) first. */
export interface UnclaimedBoosts {
  count: number;
  boost: Boost | null;
  boosts: Boost[];
}
