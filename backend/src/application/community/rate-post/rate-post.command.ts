import { Command } from '@nestjs/cqrs';
import type { ClientOrigin } from '../../accounts/client-marks';

export interface RatingOutcome {
  averageRating: number | null;
  voteCount: number;
  /** Whether the rating counts in the average now. */
  counted: boolean;
  /** When a young account's rating comes to count (it is a day old then); null otherwise. */
  countsFrom: string | null;
  /** Why and until when the rating waits (see `countsFromMessage`); null when it counts now. */
  message: string | null;
}

export class RatePostCommand extends Command<RatingOutcome> {
  constructor(
    readonly userId: string,
    readonly postId: string,
    readonly score: number,
    readonly correlationId: string,
    /** Where the rating comes from (the vote rules compare keyed marks of it with the author's). */
    readonly origin: ClientOrigin | null = null,
  ) {
    super();
  }
}
