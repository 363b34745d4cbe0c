import { Query } from '@nestjs/cqrs';

/** A member's own rating: its score, and when it counts while it waits (see `UserRatingResponse`). */
export interface OwnRating {
  score: number;
  countsFrom: string | null;
}

export class GetUserRatingQuery extends Query<OwnRating | null> {
  constructor(
    readonly postId: string,
    readonly userId: string,
  ) {
    super();
  }
}
