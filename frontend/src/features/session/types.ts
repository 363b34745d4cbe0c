export interface SocialLinks {
  instagram?: string;
  twitter?: string;
  tiktok?: string;
  youtube?: string;
  snapchat?: string;
}

/** The signed-in user (spec §3). */
export interface User {
  id: string;
  email: string;
  anonymousUsername: string;
  displayUsername?: string | null;
  bio?: string | null;
  profilePictureUrl?: string | null;
  socialLinks?: SocialLinks | null;
  isAdmin: boolean;
  emailVerified: boolean;
  createdAt: string;
  emailNotificationsRating?: boolean;
  emailNotificationsComment?: boolean;
  emailNotificationsAchievements?: boolean;
}

/** The login and registration payloads (spec §3). */
export interface Credentials {
  email: string;
  password: string;
}
