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
    example:
      "New accounts' votes count after 24 hours, to keep the boards fair: yours counts from Sat 28 Nov, 21:14 UTC",
    description:
      'Why and when the rating comes to count (the time in UTC), if it waits; null when it counts now',
  })
  message!: string | null;
}

/** The signed-in user's own rating of a post: null when none (or signed out). */
export class UserRatingResponse {
  @ApiProperty({ type: 'integer', minimum: MIN_SCORE, maximum: MAX_SCORE, nullable: true })
  rating!: number | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'When the rating comes to count, while a young account’s rating waits (pending); null when it counts, when there is none, or when it is held for another reason (not told)',
  })
  countsFrom!: string | null;
}
