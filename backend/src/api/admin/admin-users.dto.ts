import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import type { UserFilter } from '../../application/moderation/list-users/list-users.query';
import { Checks } from '../shared/validation';
import { AdminPageQueryDto, OptionalSearch } from './admin-shared.dto';

const USER_FILTERS: UserFilter[] = ['all', 'active', 'suspended', 'banned', 'admins'];

export class AdminUsersQueryDto extends AdminPageQueryDto {
  @OptionalSearch('Search by email or name')
  search?: string;

  @ApiPropertyOptional({ enum: USER_FILTERS })
  @Checks(
    IsOptional(),
    IsIn(USER_FILTERS, { message: 'status must be all, active, suspended, banned or admins' }),
  )
  status: UserFilter = 'all';
}

export class PatchUserDto {
  @ApiProperty({ description: 'The staff flag (the header’s Admin link)' })
  @Checks(IsBoolean({ message: 'isAdmin must be true or false' }))
  isAdmin!: boolean;
}
