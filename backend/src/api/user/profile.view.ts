import { ApiProperty } from '@nestjs/swagger';
import type { SocialLinks } from '../../domain/user/user.events';
import { SOCIAL_LINKS_SCHEMA } from '../auth/user.view';
import { ProfilePostResponse } from '../community/post.view';

/** What anyone may see of an account: never the email. */
export class PublicUserResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  displayUsername!: string | null;

  anonymousUsername!: string;

  bio!: string | null;

  @ApiProperty(SOCIAL_LINKS_SCHEMA)
  socialLinks!: SocialLinks | null;

  profilePictureUrl!: string | null;
}

/** A public profile with the account's public posts, newest first. */
export class PublicProfileResponse {
  user!: PublicUserResponse;

  posts!: ProfilePostResponse[];
}

export class ProfilePictureResponse {
  @ApiProperty({ enum: [true] })
  success!: true;

  @ApiProperty({ example: '/uploads/ab/ab12….webp' })
  profilePictureUrl!: string;
}
