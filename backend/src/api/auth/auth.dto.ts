import { ApiProperty } from '@nestjs/swagger';
import {
  IsBoolean,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
} from 'class-validator';
import {
  EMAIL_MAX_LENGTH,
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../domain/user/account-rules';
import { TOKEN_MESSAGES } from '../../domain/user/user.decider';
import { Checks, IsWellFormedText, Omittable, Trimmed } from '../shared/validation';

/**
 * Request bodies of the auth api, with the spec's wording (§5) where it has one. The checks of
 * a field run in the order listed and the first failing one is answered.
 */

const EmailField = () =>
  Checks(
    ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH, example: 'someone@example.com' }),
    Trimmed(),
    IsString({ message: MESSAGES.emailRequired }),
    IsNotEmpty({ message: MESSAGES.emailRequired }),
    MaxLength(EMAIL_MAX_LENGTH, { message: MESSAGES.emailInvalid }),
    // Before IsEmail, which percent-encodes the address and throws on a lone surrogate.
    IsWellFormedText({ message: MESSAGES.emailInvalid }),
    IsEmail({}, { message: MESSAGES.emailInvalid }),
  );

const NewPasswordField = (tooShort: string, tooLong: string) =>
  Checks(
    ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
    IsString({ message: tooShort }),
    MinLength(PASSWORD_MIN_LENGTH, { message: tooShort }),
    MaxLength(PASSWORD_MAX_LENGTH, { message: tooLong }),
  );

export class RegisterDto {
  @EmailField()
  email!: string;

  @NewPasswordField(MESSAGES.passwordTooShort, MESSAGES.passwordTooLong)
  password!: string;
}

export class LoginDto {
  @EmailField()
  email!: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @Checks(
    IsString({ message: 'Password is required' }),
    IsNotEmpty({ message: 'Password is required' }),
    MinLength(PASSWORD_MIN_LENGTH, { message: MESSAGES.passwordTooShort }),
    MaxLength(PASSWORD_MAX_LENGTH, { message: MESSAGES.passwordTooLong }),
  )
  password!: string;
}

export class EmailOnlyDto {
  @EmailField()
  email!: string;
}

export class VerifyEmailDto {
  /** The token of the mailed verification link */
  @ApiProperty({ maxLength: 200 })
  @Checks(
    IsString({ message: 'No verification token provided' }),
    IsNotEmpty({ message: 'No verification token provided' }),
    MaxLength(200, { message: TOKEN_MESSAGES.verificationInvalid }),
  )
  token!: string;

  /**
   * The password chosen by the person verifying. Needed where this browser is not signed in to the
   * account: it replaces the password given at registration. Left out or null: none chosen.
   */
  @ApiProperty({ nullable: true, minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @Checks(
    IsOptional(),
    IsString({ message: MESSAGES.passwordTooShort }),
    MinLength(PASSWORD_MIN_LENGTH, { message: MESSAGES.passwordTooShort }),
    MaxLength(PASSWORD_MAX_LENGTH, { message: MESSAGES.passwordTooLong }),
  )
  password?: string;
}

export class ResetPasswordDto {
  /** The token of the mailed reset link */
  @ApiProperty({ maxLength: 200 })
  @Checks(
    IsString({ message: TOKEN_MESSAGES.resetInvalid }),
    IsNotEmpty({ message: TOKEN_MESSAGES.resetInvalid }),
    MaxLength(200, { message: TOKEN_MESSAGES.resetInvalid }),
  )
  token!: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @Checks(
    IsString({ message: 'Please fill in all fields' }),
    IsNotEmpty({ message: 'Please fill in all fields' }),
    MinLength(PASSWORD_MIN_LENGTH, { message: MESSAGES.passwordTooShort }),
    MaxLength(PASSWORD_MAX_LENGTH, { message: MESSAGES.passwordTooLong }),
  )
  password!: string;
}

export class UpdatePasswordDto {
  @ApiProperty({ maxLength: PASSWORD_MAX_LENGTH })
  @Checks(
    IsString({ message: 'Current password is required' }),
    IsNotEmpty({ message: 'Current password is required' }),
    MaxLength(PASSWORD_MAX_LENGTH, { message: 'Current password is incorrect' }),
  )
  currentPassword!: string;

  @NewPasswordField(MESSAGES.newPasswordTooShort, MESSAGES.newPasswordTooLong)
  newPassword!: string;
}

/** Mail preferences; a field left out stays as it is. */
export class EmailPreferencesDto {
  /** Mail when someone rates one of my posts */
  @Checks(Omittable(), IsBoolean({ message: 'emailNotificationsRating must be true or false' }))
  emailNotificationsRating?: boolean;

  /** Mail when someone comments on one of my posts */
  @Checks(Omittable(), IsBoolean({ message: 'emailNotificationsComment must be true or false' }))
  emailNotificationsComment?: boolean;

  /** Mail when one of my posts makes the weekly top 5 */
  @Checks(
    Omittable(),
    IsBoolean({ message: 'emailNotificationsAchievements must be true or false' }),
  )
  emailNotificationsAchievements?: boolean;
}
