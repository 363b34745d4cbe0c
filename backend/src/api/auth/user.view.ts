import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { SOCIAL_PLATFORMS, type SocialLinks } from '../../domain/user/user.events';
import type { UserDocument } from '../../projections/users/users.projection';

/** A profile's social links: a handle or address per platform, each optional. */
export const SOCIAL_LINKS_SCHEMA: ApiPropertyOptions = {
  type: 'object',
  nullable: true,
  properties: Object.fromEntries(
    SOCIAL_PLATFORMS.map((platform) => [platform, { type: 'string' as const }]),
  ),
  additionalProperties: false,
  example: { instagram: 'https://instagram.com/someone' },
};

/** The signed-in user as spec §3 "User" names it. */
export class UserResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'email' })
  email!: string;

  @ApiProperty({ example: 'HappyToes4821' })
  anonymousUsername!: string;

  displayUsername!: string | null;

  bio!: string | null;

  profilePictureUrl!: string | null;

  @ApiProperty(SOCIAL_LINKS_SCHEMA)
  socialLinks!: SocialLinks | null;

  /** Only shows the Admin link; the admin api needs an admin session */
  isAdmin!: boolean;

  emailVerified!: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  emailNotificationsRating!: boolean;

  emailNotificationsComment!: boolean;

  emailNotificationsAchievements!: boolean;
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
