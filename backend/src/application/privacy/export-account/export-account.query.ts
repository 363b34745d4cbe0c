import { Query } from '@nestjs/cqrs';
import type { AiRating } from '../../../domain/post/post.events';
import type { EmailPreferences, SocialLinks } from '../../../domain/user/user.events';

/**
 * Everything the app holds about an account, as the privacy policy promises ("access"): the
 * account, its history, its open sessions, its posts and comments, and what it did to other
 * people's posts (likes, ratings, reports). Secrets are left out: password and token hashes
 * would help nobody and could only be misused.
 */
export interface AccountExport {
  format: 'solescore-account-export';
  version: 1;
  exportedAt: string;
  account: {
    id: string;
    email: string;
    anonymousUsername: string;
    displayUsername: string | null;
    bio: string | null;
    socialLinks: SocialLinks | null;
    profilePictureUrl: string | null;
    emailVerified: boolean;
    isAdmin: boolean;
    createdAt: string;
  };
  emailPreferences: EmailPreferences;
  /** Signed-in browsers; `current` is the one that asked for this copy. */
  sessions: { startedAt: string; expiresAt: string; current: boolean }[];
  /** Every change recorded on the account, oldest first. */
  history: ({ type: string; at: string } & Record<string, unknown>)[];
  posts: {
    id: string;
    imageUrl: string;
    thumbnailUrl: string;
    createdAt: string;
    isPublic: boolean;
    averageRating: number | null;
    voteCount: number;
    likesCount: number;
    commentsCount: number;
    aiRating: Omit<AiRating, 'ratingId'> | null;
  }[];
  comments: {
    id: string;
    postId: string;
    parentCommentId: string | null;
    text: string;
    createdAt: string;
    likesCount: number;
  }[];
  likes: { target: 'post' | 'comment'; targetId: string; postId: string; likedAt: string }[];
  ratingsGiven: { postId: string; score: number; ratedAt: string }[];
  reports: { id: string; postId: string; reason: string | null; reportedAt: string }[];
  /** Boosts bought, oldest first, with what became of each. */
  boosts: {
    id: string;
    boostType: 'regular' | 'mega';
    status: string;
    postId: string | null;
    createdAt: string;
    appliedAt: string | null;
    expiresAt: string | null;
  }[];
  /** Boost purchases and donations: the policy's "amount, email, payment id". */
  payments: {
    kind: 'boost' | 'donation';
    amount: number;
    currency: string;
    receiptEmail: string | null;
    receiptUrl: string | null;
    stripePaymentId: string | null;
    paidAt: string;
  }[];
}

/** The privacy policy's "access": a copy of everything the app holds about the account. */
export class ExportAccountQuery extends Query<AccountExport> {
  constructor(
    readonly userId: string,
    /** The session asking, marked as the current one in the answer. */
    readonly sessionId: string | null,
  ) {
    super();
  }
}
