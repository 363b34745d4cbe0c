import { Link } from '@tanstack/react-router';
import { CalendarClock, Trophy } from 'lucide-react';

import { ScoreBadge } from '@/components/score-badge';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { authorName } from '@/types/api';

import type { ClosedWeek, WeeklyWinner } from '../api/boards';
import { weekRange, weekTitle } from '../week-label';
import { RankBadge } from './rank-badge';

function WinnerCard({ winner }: { winner: WeeklyWinner }) {
  const name = authorName(winner);
  return (
    <Link
      to="/post/$id"
      params={{ id: winner.postId }}
      className="group flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative aspect-square bg-muted">
        <img
          src={winner.thumbnailUrl || winner.imageUrl}
          alt={`Photo by ${name}`}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
        <div className="absolute inset-x-2 top-2 flex items-start justify-between gap-1">
          <RankBadge rank={winner.rank} />
          <ScoreBadge rating={winner.averageRating} />
        </div>
      </div>
      <p className="truncate px-3 py-2 text-sm font-semibold">{name}</p>
    </Link>
  );
}

/** Spec §1: weekly competitions; each closed week keeps its frozen top 5. */
export function ClosedWeeks({ weeks }: { weeks: ClosedWeek[] }) {
  if (weeks.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <CalendarClock className="size-6" aria-hidden="true" />
        </span>
        <p className="text-lg font-semibold">No past winners yet</p>
        <p className="max-w-md text-sm text-muted-foreground">
          Each week closes on Monday at 00:00 UTC, and its top 5 are kept here for good.
        </p>
        <Link to="/leaderboard" search={{ tab: 'week' }} className={buttonVariants()}>
          See this week’s board
        </Link>
      </div>
    );
  }
  return (
    <ol className="flex flex-col gap-6">
      {weeks.map((week) => {
        const titleId = `week-${week.week}`;
        return (
          <li key={week.week}>
            <Card aria-labelledby={titleId} role="region">
              <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-2">
                <CardTitle id={titleId} className="flex items-center gap-2 text-xl">
                  <Trophy className="size-5 text-primary" aria-hidden="true" />
                  {weekTitle(week.week)}
                </CardTitle>
                <p className="text-sm text-muted-foreground">
                  {weekRange(week.startsAt, week.endsAt)}
                </p>
              </CardHeader>
              <CardContent>
                {week.winners.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No submissions that week.</p>
                ) : (
                  <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
                    {week.winners.map((winner) => (
                      <li key={winner.postId}>
                        <WinnerCard winner={winner} />
                      </li>
                    ))}
                  </ol>
                )}
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ol>
  );
}
