import type { Schema } from '@/lib/api/schema';

type RatingOutcome = Schema<'RatingSubmittedResponse'>;

/**
 * The toast after rating: the score given and, for an account younger than a day, the server's
 * word that the rating counts from tomorrow (the average shown leaves it out until then).
 */
export function ratingSubmittedToast(score: number, outcome: Pick<RatingOutcome, 'message'>) {
  const given = `You rated this post ${score}/10.`;
  return {
    title: 'Rating submitted',
    description: outcome.message ? `${given} ${outcome.message}.` : given,
  };
}
