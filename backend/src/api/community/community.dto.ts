import { Transform, Type } from 'class-transformer';
import {
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
import { REPORT_REASON_REQUIRED } from '../../domain/report/report.decider';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../application/community/post-reads';
import { Checks } from '../shared/validation';

const RATING_FIELDS = 'A rating needs all eight fields of the rating result';
const SCORE = () =>
  Checks(
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: RATING_FIELDS }),
    Min(0, { message: RATING_FIELDS }),
    Max(10, { message: RATING_FIELDS }),
  );

/** The eight fields of a rating result (spec §7), as the results screen got them. */
export class PublishRatingDto {
  @Checks(IsString({ message: RATING_FIELDS }), MaxLength(300, { message: RATING_FIELDS }))
  imageUrl!: string;

  @Checks(IsString({ message: RATING_FIELDS }), MaxLength(64, { message: RATING_FIELDS }))
  imageHash!: string;

  /** The upload answers it as a one-decimal string; a number is accepted too. */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,2}(\.\d+)?$/.test(value) ? Number(value) : value,
  )
  @SCORE()
  averageRating!: number;

  @SCORE()
  toeAlignment!: number;

  @SCORE()
  toeNails!: number;

  @SCORE()
  footShape!: number;

  @SCORE()
  aesthetic!: number;

  @Checks(IsString({ message: RATING_FIELDS }), MaxLength(2000, { message: RATING_FIELDS }))
  aiComment!: string;
}

const PAGE_SIZE_RANGE = `limit is a whole number from 1 to ${MAX_PAGE_SIZE}`;

/** A page of a board: how many posts, where the previous page ended, whose posts. */
export class PageQueryDto {
  @Type(() => Number)
  @Checks(
    IsOptional(),
    IsInt({ message: PAGE_SIZE_RANGE }),
    Min(1, { message: PAGE_SIZE_RANGE }),
    Max(MAX_PAGE_SIZE, { message: PAGE_SIZE_RANGE }),
  )
  limit: number = DEFAULT_PAGE_SIZE;

  @Checks(
    IsOptional(),
    IsString({ message: 'cursor is text' }),
    MaxLength(1000, { message: 'cursor is too long' }),
  )
  cursor?: string;

  /** Case-insensitive search on display or anonymous username. */
  @Checks(
    IsOptional(),
    IsString({ message: 'q is text' }),
    MaxLength(100, { message: 'q is at most 100 characters' }),
  )
  q?: string;
}

export class BoardQueryDto extends PageQueryDto {
  @Checks(IsOptional(), IsIn(['recent', 'top'], { message: 'sort is recent or top' }))
  sort?: 'recent' | 'top';
}

export class CommentDto {
  /** Trimmed and length-checked by the domain (1 to 500 characters as the reader counts). */
  @Checks(
    IsString({ message: 'Comment cannot be empty' }),
    MaxLength(MAX_COMMENT_LENGTH * 4, {
      message: `Comment must be at most ${MAX_COMMENT_LENGTH} characters`,
    }),
  )
  text!: string;

  @Checks(IsOptional(), IsUUID('all', { message: 'Comment not found' }))
  parentCommentId?: string | null;
}

export class RatePostDto {
  @Checks(
    IsNotEmpty({ message: 'postId is required' }),
    IsString({ message: 'postId is required' }),
  )
  postId!: string;

  @Checks(
    IsInt({ message: SCORE_RANGE }),
    Min(MIN_SCORE, { message: SCORE_RANGE }),
    Max(MAX_SCORE, { message: SCORE_RANGE }),
  )
  overallScore!: number;
}

export class ReportDto {
  @Checks(
    IsString({ message: REPORT_REASON_REQUIRED }),
    MaxLength(2000, { message: 'Reason must be at most 500 characters' }),
  )
  reason!: string;
}
