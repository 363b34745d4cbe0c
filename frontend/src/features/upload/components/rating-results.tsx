import { Link } from '@tanstack/react-router';
import { MessageSquareQuote, RotateCcw, Trophy, Upload } from 'lucide-react';
import { useEffect, useRef } from 'react';

import { CategoryScores } from '@/components/category-scores';
import { HeldNotice } from '@/components/held-notice';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PendingButton } from '@/components/ui/pending-button';
import { RaterNote } from '@/components/rater-note';
import { cn } from '@/lib/cn';
import { formatScore, scoreBandClasses, scoreLabel } from '@/lib/score';

import type { RatingResult } from '../types';
import { WeeklyStanding } from './weekly-standing';

interface RatingResultsProps {
  result: RatingResult;
  onPost: () => void;
  isPosting: boolean;
  /** Posting waits until we know whether the visitor is signed in. */
  postDisabled: boolean;
  onUploadAnother: () => void;
}

export function RatingResults({
  result,
  onPost,
  isPosting,
  postDisabled,
  onUploadAnother,
}: RatingResultsProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const scoreRef = useRef<HTMLDivElement>(null);
  const overall = scoreBandClasses(result.averageRating);

  // Move focus to the result so keyboard and screen reader users land on it, and bring the
  // score into view (on a phone it sits below the photo), gently unless motion is reduced.
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
    const score = scoreRef.current;
    if (!score) return;
    const { top, bottom } = score.getBoundingClientRect();
    if (top >= 0 && bottom <= window.innerHeight) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    score.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  }, []);

  return (
    <section aria-labelledby="result-title" className="flex flex-col gap-6">
      <h2
        id="result-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-center text-2xl font-bold tracking-tight outline-none sm:text-3xl"
      >
        Your SoleScore
      </h2>

      <div className="grid gap-6 md:grid-cols-2">
        <Card className="overflow-hidden">
          <img
            src={result.imageUrl}
            alt="Your rated photo"
            className="aspect-square w-full bg-muted object-cover md:aspect-auto md:h-full md:min-h-80"
          />
        </Card>

        <Card ref={scoreRef} className="scroll-mt-20">
          <CardContent className="flex flex-col gap-6 p-6">
            <div className="flex flex-col items-center gap-2 text-center">
              <p className="text-sm font-semibold text-muted-foreground">Overall score</p>
              <p className={cn('text-7xl leading-none font-extrabold tabular-nums', overall.text)}>
                {formatScore(result.averageRating)}
                <span className="text-2xl font-bold text-muted-foreground">/10</span>
              </p>
              <p
                className={cn(
                  'rounded-full px-3 py-1 text-sm font-bold tracking-wider',
                  overall.badge,
                )}
              >
                {scoreLabel(result.averageRating)}
              </p>
              <RaterNote rater={result.rater} className="mt-1 max-w-xs" />
            </div>

            <WeeklyStanding
              score={formatScore(result.averageRating)}
              held={result.heldForReview === true}
            />

            <CategoryScores scores={result} rater={result.rater} />
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardContent className="flex gap-4 p-6">
          <MessageSquareQuote className="size-6 shrink-0 text-primary" aria-hidden="true" />
          <div className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold text-muted-foreground">AI comment</h3>
            <p className="text-base text-pretty">{result.aiComment}</p>
          </div>
        </CardContent>
      </Card>

      {result.heldForReview ? <HeldNotice upcoming /> : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <PendingButton
          size="lg"
          onClick={onPost}
          pending={isPosting}
          disabled={postDisabled}
          pendingLabel="Posting…"
          icon={<Upload aria-hidden="true" />}
        >
          Post to Leaderboard
        </PendingButton>
        <Button size="lg" variant="outline" onClick={onUploadAnother} disabled={isPosting}>
          <RotateCcw aria-hidden="true" />
          Upload Another
        </Button>
        <Link to="/leaderboard" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
          <Trophy aria-hidden="true" />
          View Leaderboard
        </Link>
      </div>
    </section>
  );
}
