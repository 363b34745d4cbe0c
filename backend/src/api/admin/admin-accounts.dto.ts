import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import {
  ADMIN_CURRENT_PASSWORD_INCORRECT,
  ADMIN_PASSWORD_MAX,
  ADMIN_PASSWORD_RULE,
} from '../../application/admin-accounts/admin-credentials';
import { Checks, Trimmed } from '../shared/validation';
import { OptionalReasonDto } from './admin-shared.dto';

export const CURRENT_PASSWORD_REQUIRED = 'Your current password is required';

/** The acting admin's own password, asked again before a sensitive action on admin accounts. */
const CurrentPassword = () =>
  Checks(
    ApiProperty({
      maxLength: ADMIN_PASSWORD_MAX,
      description:
        'The acting admin’s own current password; a wrong one counts as a failed sign-in of that admin',
    }),
    IsString({ message: CURRENT_PASSWORD_REQUIRED }),
    IsNotEmpty({ message: CURRENT_PASSWORD_REQUIRED }),
    MaxLength(ADMIN_PASSWORD_MAX, { message: ADMIN_CURRENT_PASSWORD_INCORRECT }),
  );

/** A new admin password (its minimum length is checked by the use case, with the same message). */
const NewAdminPassword = () =>
  Checks(
    ApiProperty({ minLength: 12, maxLength: ADMIN_PASSWORD_MAX }),
    IsString({ message: ADMIN_PASSWORD_RULE }),
    MaxLength(ADMIN_PASSWORD_MAX, { message: ADMIN_PASSWORD_RULE }),
  );

export class DisableAdminDto extends OptionalReasonDto {
  @CurrentPassword()
  currentPassword!: string;
}

export class AdminPasswordDto {
  @NewAdminPassword()
  password!: string;

  @CurrentPassword()
  currentPassword!: string;
}

export class CreateAdminDto {
  @ApiProperty({ minLength: 3, maxLength: 30, pattern: '^[A-Za-z0-9_.-]{3,30}$' })
  @Checks(
    Trimmed(),
    IsString({ message: 'Username is required' }),
    Matches(/^[A-Za-z0-9_.-]{3,30}$/, {
      message: 'An admin username is 3 to 30 letters, numbers, underscores, dots or hyphens',
    }),
  )
  username!: string;

  @NewAdminPassword()
  password!: string;

  @CurrentPassword()
  currentPassword!: string;
}
