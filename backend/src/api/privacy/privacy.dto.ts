import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PASSWORD_MAX_LENGTH } from '../../domain/user/account-rules';
import { Checks } from '../shared/validation';

export const PASSWORD_REQUIRED = 'Please enter your password to delete your account';

/** Erasing an account asks for its password again. */
export class EraseAccountDto {
  @Checks(
    IsString({ message: PASSWORD_REQUIRED }),
    IsNotEmpty({ message: PASSWORD_REQUIRED }),
    MaxLength(PASSWORD_MAX_LENGTH, { message: 'Password is incorrect' }),
    ApiProperty({ maxLength: PASSWORD_MAX_LENGTH, description: 'The account’s password' }),
  )
  password!: string;
}
