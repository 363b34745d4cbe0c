import { ApiProperty } from '@nestjs/swagger';

import { IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  BIO_MAX_LENGTH,
  DISPLAY_USERNAME_MAX,
  DISPLAY_USERNAME_MIN,
  PROFILE_MESSAGES,
  SOCIAL_LINK_MAX_LENGTH,
} from '../../domain/user/user-profile';
import { SOCIAL_PLATFORMS } from '../../domain/user/user.events';
import { Checks, Trimmed } from '../shared/validation';

/**
 * A profile edit. A missing field stays as it is; null or blank clears it. The profile rules
 * themselves (characters, uniqueness, social link forms) are the domain's.
 */
export class UpdateProfileDto {
  @ApiProperty({
    type: String,
    maxLength: DISPLAY_USERNAME_MAX,
    description: `Shown instead of the anonymous username, ${DISPLAY_USERNAME_MIN} to ${DISPLAY_USERNAME_MAX} characters; null or blank clears it`,
  })
  @Checks(
    IsOptional(),
    Trimmed(),
    IsString({ message: PROFILE_MESSAGES.displayUsernameLength }),
    MaxLength(DISPLAY_USERNAME_MAX, { message: PROFILE_MESSAGES.displayUsernameLength }),
  )
  displayUsername?: string | null;

  /** Null or blank clears it */
  @ApiProperty({ type: String, maxLength: BIO_MAX_LENGTH })
  @Checks(
    IsOptional(),
    Trimmed(),
    IsString({ message: PROFILE_MESSAGES.bioTooLong }),
    MaxLength(BIO_MAX_LENGTH, { message: PROFILE_MESSAGES.bioTooLong }),
  )
  bio?: string | null;

  /**
   * A username or an http(s) link per platform; a null or blank link drops it, null drops them all
   */
  @ApiProperty({
    type: 'object',
    properties: Object.fromEntries(
      SOCIAL_PLATFORMS.map((platform) => [
        platform,
        {
          type: 'string' as const,
          nullable: true,
          maxLength: SOCIAL_LINK_MAX_LENGTH,
        },
      ]),
    ),
    additionalProperties: false,
  })
  @Checks(IsOptional(), IsObject({ message: PROFILE_MESSAGES.socialLinksShape }))
  socialLinks?: Record<string, unknown> | null;
}
