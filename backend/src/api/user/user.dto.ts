import { IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  BIO_MAX_LENGTH,
  DISPLAY_USERNAME_MAX,
  PROFILE_MESSAGES,
} from '../../domain/user/user-profile';
import { Checks, Trimmed } from '../shared/validation';

/**
 * A profile edit. A missing field stays as it is; null or blank clears it. The profile rules
 * themselves (characters, uniqueness, social link forms) are the domain's.
 */
export class UpdateProfileDto {
  @Checks(
    IsOptional(),
    Trimmed(),
    IsString({ message: PROFILE_MESSAGES.displayUsernameLength }),
    MaxLength(DISPLAY_USERNAME_MAX, { message: PROFILE_MESSAGES.displayUsernameLength }),
  )
  displayUsername?: string | null;

  @Checks(
    IsOptional(),
    Trimmed(),
    IsString({ message: PROFILE_MESSAGES.bioTooLong }),
    MaxLength(BIO_MAX_LENGTH, { message: PROFILE_MESSAGES.bioTooLong }),
  )
  bio?: string | null;

  @Checks(IsOptional(), IsObject({ message: PROFILE_MESSAGES.socialLinksShape }))
  socialLinks?: Record<string, unknown> | null;
}
