import { Query } from '@nestjs/cqrs';

export class GetUserRatingQuery extends Query<number | null> {
  constructor(
    readonly postId: string,
    readonly userId: string,
  ) {
    super();
  }
}
