import type { UserDocument } from '../../projections/users/users.projection';
import type { SocialLinks } from '../../domain/user/user.events';

/** The signed-in user as spec §3 "User" names it. */
export interface UserResponse {
  id: string;
  email: string;
  anonymousUsername: string;
  displayUsername: string | null;
  bio: string | null;
  profilePictureUrl: string | null;
  socialLinks: SocialLinks | null;
  isAdmin: boolean;
  emailVerified: boolean;
  createdAt: string;
  emailNotificationsRating: boolean;
  emailNotificationsComment: boolean;
  emailNotificationsAchievements: boolean;
}

export function toUserResponse(user: UserDocument): UserResponse {
  return {
    id: user._id,
    email: user.email,
    anonymousUsername: user.anonymousUsername,
    displayUsername: user.displayUsername ?? null,
    bio: user.bio ?? null,
    profilePictureUrl: user.profilePictureUrl ?? null,
    socialLinks: user.socialLinks ?? null,
    isAdmin: user.isAdmin === true,
    emailVerified: user.emailVerified === true,
    createdAt: user.createdAt,
    // Treated as true when missing (spec §3).
    emailNotificationsRating: user.emailNotificationsRating !== false,
    emailNotificationsComment: user.emailNotificationsComment !== false,
    emailNotificationsAchievements: user.emailNotificationsAchievements !== false,
  };
}
