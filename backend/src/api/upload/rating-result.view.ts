import { ApiProperty } from '@nestjs/swagger';
import type { RatePhotoResult } from '../../application/rate-photo/rate-photo/rate-photo.command';
import { AiScoresResponse } from '../shared/ai-scores.view';

/** The AI's rating of an uploaded photo: what the results screen shows and a publish sends back. */
export class RatingResultResponse extends AiScoresResponse implements RatePhotoResult {
  /** Overall score out of 10, one decimal, as text */
  @ApiProperty({ example: '7.5' })
  averageRating!: string;

  /** Where the stored photo is served */
  @ApiProperty({ example: '/uploads/ab/ab12….webp' })
  imageUrl!: string;

  /** Perceptual hash of the photo, 16 hex digits */
  imageHash!: string;

  /**
   * The secret that publishing this rating needs: answered to the uploader only, sent back with the
   * publish
   */
  publishKey!: string;

  /**
   * Its post will be held for review: an admin looks at it before it goes public (the content check
   * was unsure, or every post waits for an admin)
   */
  heldForReview!: boolean;
}
