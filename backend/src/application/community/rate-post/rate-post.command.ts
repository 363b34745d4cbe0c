import { Command } from '@nestjs/cqrs';

export interface RatingOutcome {
  averageRating: number | null;
  voteCount: number;
}

export class RatePostCommand extends Command<RatingOutcome> {
  constructor(
    readonly userId: string,
    readonly postId: string,
    readonly score: number,
    readonly correlationId: string,
  ) {
    super();
  }
}
