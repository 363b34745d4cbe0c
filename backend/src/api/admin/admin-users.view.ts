import { ApiProperty } from '@nestjs/swagger';
import type { SocialLinks } from '../../domain/user/user.events';
import type { UserDocument } from '../../projections/users/users.projection';
import { SOCIAL_LINKS_SCHEMA } from '../auth/user.view';
import { pageFields } from './admin-shared.view';

export class AdminUserResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  email!: string | null;
  anonymousUsername!: string | null;
  displayUsername!: string | null;
  // The public profile as the account set it (admins see it whatever the account's status).
  bio!: string | null;
  @ApiProperty(SOCIAL_LINKS_SCHEMA) socialLinks!: SocialLinks | null;
  profilePictureUrl!: string | null;
  isAdmin!: boolean;
  emailVerified!: boolean;
  status!: 'active' | 'suspended' | 'banned';
  statusReason!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export function toAdminUser(user: UserDocument): AdminUserResponse {
  return {
    id: user._id,
    email: user.email ?? null,
    anonymousUsername: user.anonymousUsername ?? null,
    displayUsername: user.displayUsername ?? null,
    bio: user.bio ?? null,
    socialLinks: user.socialLinks ?? null,
    profilePictureUrl: user.profilePictureUrl ?? null,
    isAdmin: user.isAdmin === true,
    emailVerified: user.emailVerified === true,
    status: user.status ?? 'active',
    statusReason: user.statusReason ?? null,
    createdAt: user.createdAt,
  };
}

export class AdminUserPage extends pageFields() {
  items!: AdminUserResponse[];
}
