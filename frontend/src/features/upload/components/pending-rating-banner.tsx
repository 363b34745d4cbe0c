import { useState } from 'react';

import { formatScore } from '@/lib/score';

import { readPendingRating } from '../pending-rating';

/**
 * On /register and /login: the rating a visitor chose to post, waiting for them to sign in,
 * with its thumbnail and score (the sentence is text, not only in the image).
 */
export function PendingRatingBanner({ when }: { when: 'join' | 'log in' }) {
  const [pending] = useState(() => readPendingRating());
  if (!pending) return null;
  const score = formatScore(pending.rating.averageRating);
  return (
    <div className="mx-auto w-full max-w-md px-4 pt-6 sm:pt-10">
      <section
        aria-label="Your rating waiting to be posted"
        className="flex items-center gap-4 rounded-lg border bg-card p-3 text-card-foreground shadow-sm"
      >
        <img
          src={pending.rating.imageUrl}
          alt={`Your photo, rated ${score} out of 10`}
          className="size-16 shrink-0 rounded-md object-cover"
          width={64}
          height={64}
        />
        <p className="text-sm font-medium">
          Your <span className="font-bold">{score}</span> will be posted as soon as you {when}.
        </p>
      </section>
    </div>
  );
}
