import { ApiProperty } from '@nestjs/swagger';
import type { SocialLinks } from '../../domain/user/user.events';
import { SOCIAL_LINKS_SCHEMA } from '../auth/user.view';
import { ProfilePostResponse } from '../community/post.view';

/** What anyone may see of an account: never the email. */
export class PublicUserResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ type: String, nullable: true })
  displayUsername!: string | null;

  @ApiProperty()
  anonymousUsername!: string;

  @ApiProperty({ type: String, nullable: true })
  bio!: string | null;

  @ApiProperty(SOCIAL_LINKS_SCHEMA)
  socialLinks!: SocialLinks | null;

  @ApiProperty({ type: String, nullable: true })
  profilePictureUrl!: string | null;
}

/** A public profile with the account's public posts, newest first. */
export class PublicProfileResponse {
  @ApiProperty({ type: PublicUserResponse })
  user!: PublicUserResponse;

  @ApiProperty({ type: [ProfilePostResponse] })
  posts!: ProfilePostResponse[];
}

export class ProfilePictureResponse {
  @ApiProperty({ type: Boolean, enum: [true] })
  success!: true;

  @ApiProperty({ example: '/uploads/ab/ab12….webp' })
  profilePictureUrl!: string;
}
