import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  BOOST_FILTERS,
  type BoostFilter,
  DISPUTE_STATUSES,
  type DisputeStatus,
  PAYMENT_FACT_KINDS,
  type PaymentFactKind,
} from '../../application/moderation/admin-reads';
import {
  ADMIN_CURRENT_PASSWORD_INCORRECT,
  ADMIN_PASSWORD_MAX,
  ADMIN_PASSWORD_RULE,
} from '../../application/admin-accounts/admin-accounts.handlers';
import { REPORT_STATUSES } from '../../domain/report/report.decider';
import { MAX_MODERATION_REASON_LENGTH, REASON_REQUIRED } from '../../domain/shared/moderation';
import { Checks, Omittable, Trimmed } from '../shared/validation';

export const MAX_ADMIN_PAGE_SIZE = 100;
const PAGE = 'page must be a whole number from 1';
const PAGE_SIZE = `pageSize must be a whole number from 1 to ${MAX_ADMIN_PAGE_SIZE}`;
const REASON_TOO_LONG = `A reason must be at most ${MAX_MODERATION_REASON_LENGTH} characters`;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class AdminPageQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, default: 1 })
  @Type(() => Number)
  @Checks(IsOptional(), IsInt({ message: PAGE }), Min(1, { message: PAGE }))
  page: number = 1;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_ADMIN_PAGE_SIZE, default: 25 })
  @Type(() => Number)
  @Checks(
    IsOptional(),
    IsInt({ message: PAGE_SIZE }),
    Min(1, { message: PAGE_SIZE }),
    Max(MAX_ADMIN_PAGE_SIZE, { message: PAGE_SIZE }),
  )
  pageSize: number = 25;
}

const OptionalUuid = (name: string) =>
  Checks(IsOptional(), IsUUID('all', { message: `${name} must be an id` }));

export class AdminPostsQueryDto extends AdminPageQueryDto {
  @ApiPropertyOptional({ enum: ['all', 'pending', 'hidden', 'reported', 'removed'] })
  @Checks(
    IsOptional(),
    IsIn(['all', 'pending', 'hidden', 'reported', 'removed'], {
      message: 'filter must be all, pending, hidden, reported or removed',
    }),
  )
  filter: 'all' | 'pending' | 'hidden' | 'reported' | 'removed' = 'all';

  @ApiPropertyOptional({ format: 'uuid', description: 'Only this author’s posts' })
  @OptionalUuid('authorId')
  authorId?: string;
}

export class AdminCommentsQueryDto extends AdminPageQueryDto {
  @ApiPropertyOptional({ maxLength: 100, description: 'Case-insensitive search in the text' })
  @Checks(
    IsOptional(),
    IsString({ message: 'search is text' }),
    MaxLength(100, { message: 'search is at most 100 characters' }),
  )
  search?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @OptionalUuid('postId')
  postId?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @OptionalUuid('authorId')
  authorId?: string;
}

export class AdminReportsQueryDto extends AdminPageQueryDto {
  @ApiPropertyOptional({ enum: ['all', 'pending', 'reviewed', 'dismissed'], default: 'all' })
  @Checks(
    IsOptional(),
    IsIn(['all', 'pending', 'reviewed', 'dismissed'], {
      message: 'status must be all, pending, reviewed or dismissed',
    }),
  )
  status: 'all' | 'pending' | 'reviewed' | 'dismissed' = 'all';

  @ApiPropertyOptional({ format: 'uuid' })
  @OptionalUuid('postId')
  postId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Reports against this author’s posts' })
  @OptionalUuid('authorId')
  authorId?: string;
}

export class AdminUsersQueryDto extends AdminPageQueryDto {
  @ApiPropertyOptional({ maxLength: 100, description: 'Search by email or name' })
  @Checks(
    IsOptional(),
    IsString({ message: 'search is text' }),
    MaxLength(100, { message: 'search is at most 100 characters' }),
  )
  search?: string;

  @ApiPropertyOptional({ enum: ['all', 'active', 'suspended', 'banned', 'admins'] })
  @Checks(
    IsOptional(),
    IsIn(['all', 'active', 'suspended', 'banned', 'admins'], {
      message: 'status must be all, active, suspended, banned or admins',
    }),
  )
  status: 'all' | 'active' | 'suspended' | 'banned' | 'admins' = 'all';
}

export class AuditQueryDto extends AdminPageQueryDto {
  @ApiPropertyOptional({
    maxLength: 100,
    description: 'Actor id (an admin’s id, `auto-hide`, a Stripe event id)',
  })
  @Checks(
    IsOptional(),
    IsString({ message: 'actor is text' }),
    MaxLength(100, { message: 'actor is too long' }),
  )
  actor?: string;

  @ApiPropertyOptional({ maxLength: 60, description: 'Event type, e.g. `UserBanned`' })
  @Checks(IsOptional(), Matches(/^[A-Za-z]{1,60}$/, { message: 'kind is an event type' }))
  kind?: string;

  @ApiPropertyOptional({
    maxLength: 100,
    description: 'Target id (post, comment, report, user, admin, boost)',
  })
  @Checks(
    IsOptional(),
    IsString({ message: 'target is text' }),
    MaxLength(100, { message: 'target is too long' }),
  )
  target?: string;

  @ApiPropertyOptional({ example: '2026-11-01', description: 'From this UTC day' })
  @Checks(IsOptional(), Matches(DATE, { message: 'from must be a date (YYYY-MM-DD)' }))
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: 'Up to and including this UTC day' })
  @Checks(IsOptional(), Matches(DATE, { message: 'to must be a date (YYYY-MM-DD)' }))
  to?: string;

  @ApiPropertyOptional({ enum: ['json', 'csv'], default: 'json' })
  @Checks(IsOptional(), IsIn(['json', 'csv'], { message: 'format must be json or csv' }))
  format?: 'json' | 'csv';
}

export class StatisticsQueryDto {
  @ApiPropertyOptional({
    example: '2026-11-01',
    description: 'First UTC day (default: 27 days before `to`)',
  })
  @Checks(IsOptional(), Matches(DATE, { message: 'from must be a date (YYYY-MM-DD)' }))
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-28', description: 'Last UTC day (default: today)' })
  @Checks(IsOptional(), Matches(DATE, { message: 'to must be a date (YYYY-MM-DD)' }))
  to?: string;
}

const OptionalReason = () =>
  Checks(
    ApiPropertyOptional({ type: String, maxLength: MAX_MODERATION_REASON_LENGTH, nullable: true }),
    IsOptional(),
    IsString({ message: 'reason is text' }),
    MaxLength(MAX_MODERATION_REASON_LENGTH, { message: REASON_TOO_LONG }),
  );
const RequiredReason = () =>
  Checks(
    ApiProperty({ maxLength: MAX_MODERATION_REASON_LENGTH }),
    Trimmed(),
    IsString({ message: REASON_REQUIRED }),
    IsNotEmpty({ message: REASON_REQUIRED }),
    MaxLength(MAX_MODERATION_REASON_LENGTH, { message: REASON_TOO_LONG }),
  );

/** One change at a time: `{ isModerated: true }` approves, `{ isPublic }` hides or shows. */
export class PatchPostDto {
  @ApiPropertyOptional({ enum: [true], description: 'Approve (only while unmoderated)' })
  @Checks(Omittable(), IsBoolean({ message: 'isModerated must be true or false' }))
  isModerated?: boolean;

  @ApiPropertyOptional({ description: 'false hides the post, true shows it' })
  @Checks(Omittable(), IsBoolean({ message: 'isPublic must be true or false' }))
  isPublic?: boolean;

  @OptionalReason()
  reason?: string | null;
}

export class ReasonDto {
  @RequiredReason()
  reason!: string;
}

export class OptionalReasonDto {
  @OptionalReason()
  reason?: string | null;
}

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

export class DisableAdminDto extends OptionalReasonDto {
  @CurrentPassword()
  currentPassword!: string;
}

export class PatchReportDto {
  @ApiProperty({ enum: REPORT_STATUSES })
  @Checks(IsIn(REPORT_STATUSES, { message: 'status must be reviewed or dismissed' }))
  status!: 'reviewed' | 'dismissed';

  @ApiPropertyOptional({ default: false, description: 'Hide the post in the same step' })
  @Checks(Omittable(), IsBoolean({ message: 'hidePost must be true or false' }))
  hidePost?: boolean;

  @ApiPropertyOptional({ type: String, maxLength: MAX_MODERATION_REASON_LENGTH, nullable: true })
  @Checks(
    IsOptional(),
    IsString({ message: 'note is text' }),
    MaxLength(MAX_MODERATION_REASON_LENGTH, { message: 'A note must be at most 500 characters' }),
  )
  note?: string | null;
}

export class PatchUserDto {
  @ApiProperty({ description: 'The staff flag (the header’s Admin link)' })
  @Checks(IsBoolean({ message: 'isAdmin must be true or false' }))
  isAdmin!: boolean;
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

  @ApiProperty({ minLength: 12, maxLength: ADMIN_PASSWORD_MAX })
  @Checks(
    IsString({ message: ADMIN_PASSWORD_RULE }),
    MaxLength(ADMIN_PASSWORD_MAX, { message: ADMIN_PASSWORD_RULE }),
  )
  password!: string;

  @CurrentPassword()
  currentPassword!: string;
}

export class AdminPasswordDto {
  @ApiProperty({ minLength: 12, maxLength: ADMIN_PASSWORD_MAX })
  @Checks(
    IsString({ message: ADMIN_PASSWORD_RULE }),
    MaxLength(ADMIN_PASSWORD_MAX, { message: ADMIN_PASSWORD_RULE }),
  )
  password!: string;

  @CurrentPassword()
  currentPassword!: string;
}

export class AdminBoostsQueryDto extends AdminPageQueryDto {
  @ApiPropertyOptional({ enum: BOOST_FILTERS, default: 'all' })
  @Checks(
    IsOptional(),
    IsIn(BOOST_FILTERS, {
      message: 'status must be all, unclaimed, active, expired, withdrawn or refunded',
    }),
  )
  status: BoostFilter = 'all';

  @ApiPropertyOptional({ format: 'uuid', description: 'Only this buyer’s boosts' })
  @OptionalUuid('userId')
  userId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only boosts applied to this post' })
  @OptionalUuid('postId')
  postId?: string;
}

export class AdminPaymentsQueryDto extends AdminPageQueryDto {
  @ApiPropertyOptional({ enum: PAYMENT_FACT_KINDS, description: 'Only this kind of fact' })
  @Checks(
    IsOptional(),
    IsIn(PAYMENT_FACT_KINDS, { message: 'kind must be purchase, donation, refund or dispute' }),
  )
  kind?: PaymentFactKind;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only this buyer’s or donor’s payments' })
  @OptionalUuid('userId')
  userId?: string;

  @ApiPropertyOptional({ enum: DISPUTE_STATUSES, description: 'Only disputes in this state' })
  @Checks(
    IsOptional(),
    IsIn(DISPUTE_STATUSES, { message: 'disputeStatus must be open, suspended, kept or lifted' }),
  )
  disputeStatus?: DisputeStatus;
}

export class ResolveDisputeDto {
  @ApiProperty({
    description: 'true lifts the suspension of the buyer’s boost purchases, false keeps it',
  })
  @Checks(IsBoolean({ message: 'liftSuspension must be true or false' }))
  liftSuspension!: boolean;

  @RequiredReason()
  reason!: string;
}
