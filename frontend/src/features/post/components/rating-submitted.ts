import type { Schema } from '@/lib/api/schema';
import { countsFromReason } from '@/lib/counts-from';

type RatingOutcome = Schema<'RatingSubmittedResponse'>;

/**
 * The toast after rating: the score given and, for an account younger than a day, why and when
 * the rating comes to count, in the viewer's time zone (the average leaves it out until then).
 */
export function ratingSubmittedToast(
  score: number,
  outcome: Pick<RatingOutcome, 'countsFrom'>,
  now?: Date,
) {
  const given = `You rated this post ${score}/10.`;
  return {
    title: 'Rating submitted',
    description: outcome.countsFrom
      ? `${given} ${countsFromReason(outcome.countsFrom, now)}.`
      : given,
  };
}
