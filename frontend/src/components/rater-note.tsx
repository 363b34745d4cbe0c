import { Link } from '@tanstack/react-router';

import { cn } from '@/lib/cn';
import type { Schema } from '@/lib/api/schema';

/** What an offline rating is, said beside its score: the server measured the photo. */
export const OFFLINE_RATING_NOTE =
  'Offline rating: this server scores the photo (sharpness, light, framing), not the feet';

/** The section of /how-ratings-work that says what an offline rating is. */
export const OFFLINE_RATING_SECTION = 'offline-rating';

/**
 * Beside an AI score: for a rating by the offline rater (no AI provider configured), the plain
 * fact that it measured the photograph and did not look at the feet, with a link to what that
 * means. Nothing for an AI rating.
 */
export function RaterNote({
  rater,
  className,
}: {
  rater: Schema<'RaterKind'>;
  className?: string;
}) {
  if (rater !== 'offline') return null;
  return (
    <p className={cn('text-xs text-pretty text-muted-foreground', className)}>
      <span>{OFFLINE_RATING_NOTE}</span>.{' '}
      <Link
        to="/how-ratings-work"
        hash={OFFLINE_RATING_SECTION}
        className="rounded-sm font-medium text-foreground underline underline-offset-2 hover:no-underline"
      >
        How it works
      </Link>
    </p>
  );
}
