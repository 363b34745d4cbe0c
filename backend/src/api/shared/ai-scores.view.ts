import { ApiProperty } from '@nestjs/swagger';
import { RATER_KINDS, type RaterKind } from '../../application/ports/rater.port';
import { CATEGORY_SCORE } from './openapi';

/**
 * The AI's four category scores and its comment, as every answer that shows an AI rating
 * carries them (a post's rating, an upload's result).
 */
export class AiScoresResponse {
  @ApiProperty(CATEGORY_SCORE)
  toeAlignment!: number;

  @ApiProperty(CATEGORY_SCORE)
  toeNails!: number;

  @ApiProperty(CATEGORY_SCORE)
  footShape!: number;

  @ApiProperty(CATEGORY_SCORE)
  aesthetic!: number;

  aiComment!: string;

  /**
   * Who rated: `openai` (a vision model looked at the photo) or `offline` (this server measured the
   * photo: sharpness, light, framing, not the feet)
   */
  @ApiProperty({ enum: RATER_KINDS, enumName: 'RaterKind' })
  rater!: RaterKind;
}
