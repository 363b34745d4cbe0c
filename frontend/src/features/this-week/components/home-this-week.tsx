import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';

import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { countOf } from '@/lib/plural';
import { formatScore, scoreBandClasses } from '@/lib/score';

import { homeSummaryQueryOptions, type HomeSummary } from '../api/this-week';

type TopPost = HomeSummary['top'][number];

/** The home page's live part: this week's top three, and how many posts and votes it has. */
export function HomeThisWeek() {
  const summary = useQuery(homeSummaryQueryOptions());
  return (
    <section aria-labelledby="home-this-week-title" className="flex flex-col gap-4">
      <h2 id="home-this-week-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        This week’s top three
      </h2>
      {summary.isPending ? (
        <HomeThisWeekSkeleton />
      ) : summary.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-muted-foreground">
          <p>This week’s top posts could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void summary.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Loaded summary={summary.data} />
      )}
    </section>
  );
}

function Loaded({ summary }: { summary: HomeSummary }) {
  return (
    <>
      <p className="text-muted-foreground">
        {countOf(summary.weeklyPostCount, 'post')} and {countOf(summary.weeklyVoteCount, 'vote')}{' '}
        this week
      </p>
      {summary.top.length === 0 ? (
        <p className="rounded-xl border border-dashed px-4 py-8 text-center font-medium">
          No posts yet this week: yours could be first
        </p>
      ) : (
        <ol aria-labelledby="home-this-week-title" className="grid gap-4 sm:grid-cols-3">
          {summary.top.map((post, index) => (
            <li key={post.id}>
              <TopCard post={post} rank={post.rank ?? index + 1} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function TopCard({ post, rank }: { post: TopPost; rank: number }) {
  const author = post.displayUsername ?? post.username ?? 'A former member';
  const score = post.averageRating === null ? null : formatScore(post.averageRating);
  return (
    <Link
      to="/post/$id"
      params={{ id: post.id }}
      aria-label={`#${rank}: ${score === null ? 'not rated yet' : `${score}/10`} by ${author}`}
      className="group flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <div className="relative">
        <img
          src={post.thumbnailUrl}
          alt=""
          loading="lazy"
          className="aspect-square w-full bg-muted object-cover"
        />
        <span className="absolute top-2 left-2 rounded-full bg-background/90 px-2.5 py-0.5 text-sm font-bold text-foreground">
          #{rank}
        </span>
      </div>
      <div className="flex items-center justify-between gap-2 p-3">
        <span className="truncate font-medium">{author}</span>
        {score !== null ? (
          <span
            className={cn(
              'shrink-0 text-lg font-extrabold tabular-nums',
              scoreBandClasses(score).text,
            )}
          >
            {score}
          </span>
        ) : null}
      </div>
    </Link>
  );
}

/** The section's shape while it loads (also the lazy chunk's fallback). */
export function HomeThisWeekSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">Loading this week’s top posts…</span>
      <Skeleton className="h-5 w-64" />
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="aspect-square w-full rounded-xl" />
        ))}
      </div>
    </div>
  );
}
