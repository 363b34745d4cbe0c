import { ApiProperty } from '@nestjs/swagger';
import { MAX_SCORE, MIN_SCORE } from '../../domain/post-rating/post-rating.decider';

/** Whether the signed-in user likes a post or comment (always false when signed out). */
export class LikedResponse {
  @ApiProperty()
  liked!: boolean;
}

/** A like set or taken back, with the count that includes it (and any racing one). */
export class LikeResponse {
  @ApiProperty({ type: Boolean, enum: [true] })
  success!: true;

  @ApiProperty()
  liked!: boolean;

  @ApiProperty({ type: 'integer', minimum: 0 })
  likesCount!: number;
}

/** A community rating recorded, with the post's new mean. */
export class RatingSubmittedResponse {
  @ApiProperty({ type: Boolean, enum: [true] })
  success!: true;

  @ApiProperty({ type: String, nullable: true, example: '7.5' })
  averageRating!: string | null;

  @ApiProperty({ type: 'integer', minimum: 0 })
  voteCount!: number;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'When the rating comes to count in the average: an account younger than a day rates, and its rating counts once the account is a day old; null when it counts now (or is held for another reason, not told)',
  })
  countsFrom!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Your rating counts from tomorrow',
    description: 'What to tell the rater about when the rating counts, if anything',
  })
  message!: string | null;
}

/** The signed-in user's own rating of a post: null when none (or signed out). */
export class UserRatingResponse {
  @ApiProperty({ type: 'integer', minimum: MIN_SCORE, maximum: MAX_SCORE, nullable: true })
  rating!: number | null;
}
