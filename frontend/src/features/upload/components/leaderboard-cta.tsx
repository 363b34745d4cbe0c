import { Trophy } from 'lucide-react';

import { Link } from '@tanstack/react-router';
import { buttonVariants } from '@/components/ui/button';

export function LeaderboardCta() {
  return (
    <section
      aria-labelledby="leaderboard-cta-title"
      className="flex flex-col items-center gap-4 rounded-2xl bg-primary px-6 py-10 text-center text-primary-foreground sm:px-10 dark:border dark:border-primary/40 dark:bg-accent dark:text-accent-foreground"
    >
      <Trophy className="size-10" aria-hidden="true" />
      <h2 id="leaderboard-cta-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        See who’s on top this week
      </h2>
      <p className="max-w-xl text-pretty">
        Browse the best-rated feet, like and comment on your favourites, and find out what it takes
        to reach the Top 3. Weekly boards reset every Monday.
      </p>
      <Link
        to="/leaderboard"
        className={buttonVariants({
          variant: 'secondary',
          size: 'lg',
          className:
            'bg-primary-foreground text-primary hover:bg-primary-foreground/90 hover:text-primary focus-visible:outline-primary-foreground dark:bg-primary dark:text-primary-foreground dark:hover:bg-primary/90 dark:hover:text-primary-foreground dark:focus-visible:outline-ring',
        })}
      >
        View Leaderboard
      </Link>
    </section>
  );
}
