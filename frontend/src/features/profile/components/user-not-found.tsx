import { Link } from '@tanstack/react-router';
import { ArrowLeft, UserX } from 'lucide-react';

import { buttonVariants } from '@/components/ui/button';

/** Spec §2: 'User Not Found' with a Back link to the leaderboard. */
export function UserNotFound() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <UserX className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight">User Not Found</h1>
      <p className="text-muted-foreground">
        This profile does not exist, or the link to it is incomplete.
      </p>
      <Link to="/leaderboard" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
        <ArrowLeft aria-hidden="true" />
        Back to Leaderboard
      </Link>
    </div>
  );
}
