import type { BoostType } from '@/types/api';

/** Spec §3 "Variant in own posts" (GET /api/user/posts, newest first). */
export interface OwnPost {
  id: string;
  imageUrl: string;
  thumbnailUrl?: string | null;
  averageRating: string | null;
  voteCount: number;
  likesCount: number;
  commentsCount: number;
  isBoosted: boolean;
  boostType: BoostType | null;
  isPublic: boolean;
  isModerated: boolean;
  createdAt: string;
}
