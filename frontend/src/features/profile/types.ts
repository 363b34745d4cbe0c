import type { BoostType } from '@/types/api';

export type SocialPlatform = 'instagram' | 'twitter' | 'tiktok' | 'youtube' | 'snapchat';

/** Each a username or a full URL (spec §3). */
export type SocialLinks = Partial<Record<SocialPlatform, string>>;

/** The profile fields of the signed-in user (GET /api/user, PATCH /api/user/profile). */
export interface EditableProfile {
  id: string;
  anonymousUsername: string;
  displayUsername?: string | null;
  bio?: string | null;
  socialLinks?: SocialLinks | null;
  profilePictureUrl?: string | null;
}

/** What PATCH /api/user/profile takes: blank text as null, no empty links, none as null. */
export interface ProfileUpdate {
  displayUsername: string | null;
  bio: string | null;
  socialLinks: SocialLinks | null;
}

/** A post as a profile lists it (spec §3 "Variant on a profile"). */
export interface ProfilePost {
  id: string;
  imageUrl: string;
  thumbnailUrl?: string | null;
  /** One-decimal string; null for a direct post nobody has rated yet. */
  overallRating: string | null;
  likesCount: number;
  commentsCount: number;
  isBoosted: boolean;
  boostType: BoostType | null;
  createdAt?: string;
}

/** GET /api/users/{userId}: never the email. */
export interface PublicProfile {
  user: {
    id: string;
    anonymousUsername: string;
    displayUsername?: string | null;
    bio?: string | null;
    socialLinks?: SocialLinks | null;
    profilePictureUrl?: string | null;
  };
  posts: ProfilePost[];
}
