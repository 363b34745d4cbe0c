import { Command } from '@nestjs/cqrs';
import type { ClientOrigin } from '../../accounts/client-marks';

/**
 * The eight fields of a rating result, as the browser sends them back (never trusted), and the
 * publish key the upload answered (absent only for ratings recorded before it existed).
 */
export interface PublishedRatingClaim {
  publishKey?: string;
  imageUrl: string;
  imageHash: string;
  averageRating: number;
  toeAlignment: number;
  toeNails: number;
  footShape: number;
  aesthetic: number;
  aiComment: string;
}

export class PublishRatingCommand extends Command<{ id: string }> {
  constructor(
    readonly userId: string,
    readonly claim: PublishedRatingClaim,
    readonly correlationId: string,
    /** Where the author posts from: the vote rules hold out votes cast from there. */
    readonly origin: ClientOrigin | null = null,
  ) {
    super();
  }
}
