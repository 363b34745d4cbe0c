import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { MAX_COMMENT_LENGTH } from '../../domain/comment/comment.decider';
import { MAX_SCORE, MIN_SCORE, SCORE_RANGE } from '../../domain/post-rating/post-rating.decider';
import {
  MAX_REPORT_REASON_LENGTH,
  REPORT_CATEGORIES,
  REPORT_CATEGORY_INVALID,
  REPORT_REASON_REQUIRED,
  REPORT_REASON_TOO_LONG,
  type ReportCategory,
} from '../../domain/report/report.decider';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../application/community/post-reads';
import { RATER_KINDS, type RaterKind } from '../../application/ports/rater.port';
import { Checks, Omittable } from '../shared/validation';

const RATING_FIELDS = 'A rating needs all eight fields of the rating result';
const PUBLISH_KEY = 'publishKey must be the publish key the upload answered';
const SCORE = () =>
  Checks(
    ApiProperty({ type: Number, minimum: 0, maximum: 10 }),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: RATING_FIELDS }),
    Min(0, { message: RATING_FIELDS }),
    Max(10, { message: RATING_FIELDS }),
  );

/** The eight fields of a rating result (spec §7), as the results screen got them. */
export class PublishRatingDto {
  /** The `imageUrl` the upload answered */
  @ApiProperty({ maxLength: 300 })
  @Checks(IsString({ message: RATING_FIELDS }), MaxLength(300, { message: RATING_FIELDS }))
  imageUrl!: string;

  /** The `imageHash` the upload answered */
  @ApiProperty({ maxLength: 64 })
  @Checks(IsString({ message: RATING_FIELDS }), MaxLength(64, { message: RATING_FIELDS }))
  imageHash!: string;

  /** The upload answers it as a one-decimal string; a number is accepted too. */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,2}(\.\d+)?$/.test(value) ? Number(value) : value,
  )
  @ApiProperty({
    oneOf: [
      { type: 'number', minimum: 0, maximum: 10 },
      { type: 'string', pattern: '^\\d{1,2}(\\.\\d+)?$' },
    ],
    description: 'The overall score the upload answered (its one-decimal text, or a number)',
  })
  @Checks(
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: RATING_FIELDS }),
    Min(0, { message: RATING_FIELDS }),
    Max(10, { message: RATING_FIELDS }),
  )
  averageRating!: number;

  @SCORE()
  toeAlignment!: number;

  @SCORE()
  toeNails!: number;

  @SCORE()
  footShape!: number;

  @SCORE()
  aesthetic!: number;

  @ApiProperty({ maxLength: 2000 })
  @Checks(IsString({ message: RATING_FIELDS }), MaxLength(2000, { message: RATING_FIELDS }))
  aiComment!: string;

  /**
   * The `publishKey` the upload answered: only the uploader can publish. Ratings recorded before
   * publish keys existed need none.
   */
  @ApiProperty({ maxLength: 100 })
  @Checks(
    Omittable(),
    IsString({ message: PUBLISH_KEY }),
    IsNotEmpty({ message: PUBLISH_KEY }),
    MaxLength(100, { message: PUBLISH_KEY }),
  )
  publishKey?: string;

  /**
   * Part of the rating result, accepted back as it was answered and ignored: the post’s own stream
   * decides whether it is held
   */
  @Checks(Omittable(), IsBoolean({ message: 'heldForReview must be true or false' }))
  heldForReview?: boolean;

  /**
   * Part of the rating result, accepted back as it was answered and ignored: the server’s own
   * record says who rated
   */
  @ApiProperty({ enum: RATER_KINDS })
  @Checks(Omittable(), IsIn(RATER_KINDS, { message: 'rater is openai or offline' }))
  rater?: RaterKind;
}

const PAGE_SIZE_RANGE = `limit is a whole number from 1 to ${MAX_PAGE_SIZE}`;

/** A page of a board: how many posts, where the previous page ended, whose posts. */
export class PageQueryDto {
  /** Posts per page */
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
    default: DEFAULT_PAGE_SIZE,
  })
  @Type(() => Number)
  @Checks(
    IsOptional(),
    IsInt({ message: PAGE_SIZE_RANGE }),
    Min(1, { message: PAGE_SIZE_RANGE }),
    Max(MAX_PAGE_SIZE, { message: PAGE_SIZE_RANGE }),
  )
  limit: number = DEFAULT_PAGE_SIZE;

  /** Where the previous page ended: take it from the `Link` header of that page */
  @ApiProperty({ maxLength: 1000 })
  @Checks(
    IsOptional(),
    IsString({ message: 'cursor is text' }),
    MaxLength(1000, { message: 'cursor is too long' }),
  )
  cursor?: string;

  /** Case-insensitive search on display or anonymous username. */
  @ApiProperty({
    maxLength: 100,
    description:
      "Search: posts whose author's display or anonymous username contains it (any case)",
  })
  @Checks(
    IsOptional(),
    IsString({ message: 'q is text' }),
    MaxLength(100, { message: 'q is at most 100 characters' }),
  )
  q?: string;
}

export class BoardQueryDto extends PageQueryDto {
  /** recent: newest first; top: best rated first, each with its rank */
  @ApiProperty({ default: 'recent' })
  @Checks(IsOptional(), IsIn(['recent', 'top'], { message: 'sort is recent or top' }))
  sort?: 'recent' | 'top';
}

export class CommentDto {
  /** Trimmed and length-checked by the domain (1 to 500 characters as the reader counts). */
  @ApiProperty({
    description: `1 to ${MAX_COMMENT_LENGTH} characters once trimmed, as a reader counts them (an emoji is one)`,
    maxLength: MAX_COMMENT_LENGTH * 4,
    example: 'Lovely arches!',
  })
  @Checks(
    IsString({ message: 'Comment cannot be empty' }),
    MaxLength(MAX_COMMENT_LENGTH * 4, {
      message: `Comment must be at most ${MAX_COMMENT_LENGTH} characters`,
    }),
  )
  text!: string;

  /** The comment this replies to; a reply to a reply joins its top-level thread */
  @ApiProperty({ type: String, format: 'uuid' })
  @Checks(IsOptional(), IsUUID('all', { message: 'Comment not found' }))
  parentCommentId?: string | null;
}

export class RatePostDto {
  @ApiProperty({ format: 'uuid' })
  @Checks(
    IsNotEmpty({ message: 'postId is required' }),
    IsString({ message: 'postId is required' }),
  )
  postId!: string;

  @ApiProperty({ type: 'integer', minimum: MIN_SCORE, maximum: MAX_SCORE })
  @Checks(
    IsInt({ message: SCORE_RANGE }),
    Min(MIN_SCORE, { message: SCORE_RANGE }),
    Max(MAX_SCORE, { message: SCORE_RANGE }),
  )
  overallScore!: number;
}

/**
 * A category, with optional words; or words alone, as clients made before categories send them
 * (such a report is of the `other` category). Either is needed.
 */
export class ReportDto {
  /**
   * What is wrong with the post. Without it the report is of the `other` category and `reason` is
   * required.
   */
  @ApiProperty({ enum: REPORT_CATEGORIES })
  @Checks(Omittable(), IsIn(REPORT_CATEGORIES, { message: REPORT_CATEGORY_INVALID }))
  category?: ReportCategory;

  @ApiProperty({
    description: `The reporter’s own words, at most ${MAX_REPORT_REASON_LENGTH} characters once trimmed; required without a category`,
    maxLength: 2000,
  })
  @Checks(
    Omittable(),
    IsString({ message: REPORT_REASON_REQUIRED }),
    MaxLength(2000, { message: REPORT_REASON_TOO_LONG }),
  )
  reason?: string;
}
