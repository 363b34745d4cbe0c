import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsOptional } from 'class-validator';
import type { UserFilter } from '../../application/moderation/list-users/list-users.query';
import { CLEAR_FIELDS_MESSAGE } from '../../domain/user/user.decider';
import {
  CLEARABLE_PROFILE_FIELDS,
  type ClearableProfileField,
} from '../../domain/user/user.events';
import { Checks } from '../shared/validation';
import { AdminPageQueryDto, OptionalSearch, ReasonDto } from './admin-shared.dto';

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
  /** The staff flag (the header’s Admin link) */
  @Checks(IsBoolean({ message: 'isAdmin must be true or false' }))
  isAdmin!: boolean;
}

/** The public profile's fields to clear, with the reason the audit log keeps. */
export class ClearProfileFieldsDto extends ReasonDto {
  /** Each field to clear: a field already empty is left as it is */
  @ApiProperty({
    type: 'array',
    items: { type: 'string', enum: [...CLEARABLE_PROFILE_FIELDS] },
    minItems: 1,
    maxItems: CLEARABLE_PROFILE_FIELDS.length,
  })
  @Checks(
    IsArray({ message: CLEAR_FIELDS_MESSAGE }),
    ArrayNotEmpty({ message: CLEAR_FIELDS_MESSAGE }),
    ArrayMaxSize(CLEARABLE_PROFILE_FIELDS.length, { message: CLEAR_FIELDS_MESSAGE }),
  )
  // Each element is checked by the decision itself (the same message), which knows the fields.
  fields!: ClearableProfileField[];
}
