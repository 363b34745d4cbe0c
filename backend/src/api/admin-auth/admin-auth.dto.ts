import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Checks, Trimmed } from '../shared/validation';

export class AdminLoginDto {
  @ApiProperty({ maxLength: 100 })
  @Checks(
    Trimmed(),
    IsString({ message: 'Username is required' }),
    IsNotEmpty({ message: 'Username is required' }),
    MaxLength(100, { message: 'Invalid credentials' }),
  )
  username!: string;

  @ApiProperty({ maxLength: 256 })
  @Checks(
    IsString({ message: 'Password is required' }),
    IsNotEmpty({ message: 'Password is required' }),
    MaxLength(256, { message: 'Invalid credentials' }),
  )
  password!: string;
}
