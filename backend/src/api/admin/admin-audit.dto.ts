import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Checks } from '../shared/validation';
import { AdminPageQueryDto, OptionalDay } from './admin-shared.dto';

/** An optional free-text id of at most 100 characters. */
const OptionalId = (name: string, description: string) =>
  Checks(
    ApiPropertyOptional({ maxLength: 100, description }),
    IsOptional(),
    IsString({ message: `${name} is text` }),
    MaxLength(100, { message: `${name} is too long` }),
  );

export class AuditQueryDto extends AdminPageQueryDto {
  @OptionalId('actor', 'Actor id (an admin’s id, `auto-hide`, a Stripe event id)')
  actor?: string;

  /** Event type, e.g. `UserBanned` */
  @ApiProperty({ maxLength: 60 })
  @Checks(IsOptional(), Matches(/^[A-Za-z]{1,60}$/, { message: 'kind is an event type' }))
  kind?: string;

  @OptionalId('target', 'Target id (post, comment, report, user, admin, boost)')
  target?: string;

  @OptionalDay('from', '2026-11-01', 'From this UTC day')
  from?: string;

  @OptionalDay('to', '2026-11-30', 'Up to and including this UTC day')
  to?: string;

  @ApiProperty({ default: 'json' })
  @Checks(IsOptional(), IsIn(['json', 'csv'], { message: 'format must be json or csv' }))
  format?: 'json' | 'csv';
}
