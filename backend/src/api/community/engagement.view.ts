import { ApiProperty } from '@nestjs/swagger';
import { MAX_SCORE, MIN_SCORE } from '../../domain/post-rating/post-rating.decider';

/** Whether the signed-in user likes a post or comment (always false when signed out). */
export class LikedResponse {
  liked!: boolean;
}

/** A like set or taken back, with the count that includes it (and any racing one). */
export class LikeResponse {
  @ApiProperty({ enum: [true] })
  success!: true;

  liked!: boolean;

  @ApiProperty({ type: 'integer', minimum: 0 })
  likesCount!: number;
}

/** A community rating recorded, with the post's new mean. */
export class RatingSubmittedResponse {
  @ApiProperty({ enum: [true] })
  success!: true;

  @ApiProperty({ type: String, example: '7.5' })
  averageRating!: string | null;

  @ApiProperty({ type: 'integer', minimum: 0 })
  voteCount!: number;

  /**
   * When the rating comes to count in the average: an account younger than a day rates, and its
   * rating counts once the account is a day old; null when it counts now (or is held for another
   * reason, not told)
   */
  @ApiProperty({ type: String, format: 'date-time' })
  countsFrom!: string | null;

  /**
   * Why and when the rating comes to count (the time in UTC), if it waits; null when it counts now
   */
  @ApiProperty({
    type: String,
    example:
      "New accounts' votes count after 24 hours, to keep the boards fair: yours counts from Sat 28 Nov, 21:14 UTC",
  })
  message!: string | null;
}

/** The signed-in user's own rating of a post: null when none (or signed out). */
export class UserRatingResponse {
  @ApiProperty({ type: 'integer', minimum: MIN_SCORE, maximum: MAX_SCORE })
  rating!: number | null;

  /**
   * When the rating comes to count, while a young account’s rating waits (pending); null when it
   * counts, when there is none, or when it is held for another reason (not told)
   */
  @ApiProperty({ type: String, format: 'date-time' })
  countsFrom!: string | null;

  /**
   * Before voting: when a rating given now would come to count (the account is younger than the
   * wait); null when it would count at once, when signed out, or when the post is rated already
   */
  @ApiProperty({ type: String, format: 'date-time' })
  newRatingCountsFrom!: string | null;
}
