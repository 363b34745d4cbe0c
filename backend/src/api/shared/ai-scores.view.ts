import { ApiProperty } from '@nestjs/swagger';
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

  @ApiProperty()
  aiComment!: string;
}
