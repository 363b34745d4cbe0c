import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
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
import { MAX_MODERATION_REASON_LENGTH, REASON_REQUIRED } from '../../domain/shared/moderation';
import { Checks, Trimmed } from '../shared/validation';

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

/** An optional id filter (`postId`, `authorId`, `userId`), documented as a uuid. */
export const OptionalUuid = (name: string, description?: string) =>
  Checks(
    ApiPropertyOptional({ format: 'uuid', ...(description && { description }) }),
    IsOptional(),
    IsUUID('all', { message: `${name} must be an id` }),
  );

/** An optional text search of at most 100 characters. */
export const OptionalSearch = (description: string) =>
  Checks(
    ApiPropertyOptional({ maxLength: 100, description }),
    IsOptional(),
    IsString({ message: 'search is text' }),
    MaxLength(100, { message: 'search is at most 100 characters' }),
  );

/** An optional UTC day (YYYY-MM-DD) named `name` in messages. */
export const OptionalDay = (name: string, example: string, description: string) =>
  Checks(
    ApiPropertyOptional({ example, description }),
    IsOptional(),
    Matches(DATE, { message: `${name} must be a date (YYYY-MM-DD)` }),
  );

export const OptionalReason = () =>
  Checks(
    ApiPropertyOptional({ type: String, maxLength: MAX_MODERATION_REASON_LENGTH, nullable: true }),
    IsOptional(),
    IsString({ message: 'reason is text' }),
    MaxLength(MAX_MODERATION_REASON_LENGTH, { message: REASON_TOO_LONG }),
  );

export const RequiredReason = () =>
  Checks(
    ApiProperty({ maxLength: MAX_MODERATION_REASON_LENGTH }),
    Trimmed(),
    IsString({ message: REASON_REQUIRED }),
    IsNotEmpty({ message: REASON_REQUIRED }),
    MaxLength(MAX_MODERATION_REASON_LENGTH, { message: REASON_TOO_LONG }),
  );

export class ReasonDto {
  @RequiredReason()
  reason!: string;
}

export class OptionalReasonDto {
  @OptionalReason()
  reason?: string | null;
}
