import { CircleCheck, Clock, Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PendingButton } from '@/components/ui/pending-button';
import { cn } from '@/lib/cn';
import { formatCountsFrom } from '@/lib/counts-from';
import { radioTabStop } from '@/lib/radio-tab-stop';

/** The id of the rating form's card: the post page's "Rate this" button jumps to it. */
export const RATING_FORM_ID = 'rate-post';

/** Spec §5: a rating is an integer from 0 to 10. */
export const RATING_SCORES = Array.from({ length: 11 }, (_, score) => score);

interface RatingFormProps {
  /** The viewer's earlier rating of this post, or null; undefined while it loads. */
  currentRating: number | null | undefined;
  /** When the viewer's rating comes to count, while a new account's rating waits; else null. */
  countsFrom?: string | null;
  /** Before voting: when a rating given now would count (a new account); else null. */
  newRatingCountsFrom?: string | null;
  pending: boolean;
  onSubmit: (score: number) => void;
}

/**
 * Spec §2/§5: rate someone else's post once, 0 to 10; a score must be chosen before it can be
 * sent. Once rated, the viewer's score is shown instead (ratings cannot be edited).
 */
export function RatingForm({
  currentRating,
  countsFrom,
  newRatingCountsFrom,
  pending,
  onSubmit,
}: RatingFormProps) {
  const [score, setScore] = useState<number | null>(null);
  const name = useId();
  const hintId = useId();

  if (typeof currentRating === 'number' && countsFrom) {
    return (
      <Card id={RATING_FORM_ID}>
        <CardContent className="flex items-start gap-3 p-4">
          <Clock className="size-6 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div role="status" className="flex flex-col gap-1">
            <p>
              Your <strong className="font-bold tabular-nums">{currentRating}/10</strong> counts
              from{' '}
              <time dateTime={countsFrom} className="font-semibold">
                {formatCountsFrom(countsFrom)}
              </time>
              .
            </p>
            <p className="text-sm text-muted-foreground">
              New accounts' votes count after 24 hours, to keep the boards fair.
            </p>
          </div>
        </CardContent>
      </Card>
    );
  }

  if (typeof currentRating === 'number') {
    return (
      <Card id={RATING_FORM_ID}>
        <CardContent className="flex items-center gap-3 p-4">
          <CircleCheck className="size-6 shrink-0 text-success" aria-hidden="true" />
          <p role="status">
            You rated this post{' '}
            <strong className="font-bold tabular-nums">{currentRating}/10</strong>. Thanks for
            voting!
          </p>
        </CardContent>
      </Card>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (score === null) return;
    onSubmit(score);
  };

  return (
    <Card id={RATING_FORM_ID} className="scroll-mt-20">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Star className="size-4 text-primary" aria-hidden="true" />
          Rate this post
        </CardTitle>
        <CardDescription id={hintId}>
          Pick a score from 0 to 10. You can rate each post once.
          {newRatingCountsFrom ? (
            <>
              {' '}
              New accounts' votes count after 24 hours, to keep the boards fair: yours counts from{' '}
              <time dateTime={newRatingCountsFrom} className="font-semibold">
                {formatCountsFrom(newRatingCountsFrom)}
              </time>
              .
            </>
          ) : null}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <fieldset aria-describedby={hintId} disabled={pending}>
            <legend className="sr-only">Your rating out of 10</legend>
            <div className="grid grid-cols-6 gap-1.5 sm:grid-cols-11">
              {RATING_SCORES.map((value) => (
                <label key={value} className="relative">
                  <input
                    type="radio"
                    name={name}
                    value={value}
                    checked={score === value}
                    tabIndex={radioTabStop(value, score, RATING_SCORES[0])}
                    onChange={() => setScore(value)}
                    className="peer sr-only"
                  />
                  <span
                    className={cn(
                      'flex h-10 items-center justify-center rounded-md border border-input bg-card text-sm font-semibold tabular-nums transition-colors select-none hover:bg-accent hover:text-accent-foreground',
                      'peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground',
                      'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                    )}
                  >
                    {value}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <PendingButton
            type="submit"
            pending={pending}
            pendingLabel="Submitting..."
            disabled={score === null}
          >
            {score === null ? 'Select a score to rate' : `Submit rating: ${score}/10`}
          </PendingButton>
        </form>
      </CardContent>
    </Card>
  );
}
