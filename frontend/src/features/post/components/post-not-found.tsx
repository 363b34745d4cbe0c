import { Link } from '@tanstack/react-router';
import { ImageOff } from 'lucide-react';

import { buttonVariants } from '@/components/ui/button';

/** Spec §2/§8: 'Post not found' for an unknown, deleted or hidden post. */
export function PostNotFound() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <ImageOff className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight">Post not found</h1>
      <p className="text-muted-foreground">
        This post may have been deleted, or the link may be wrong.
      </p>
      <Link to="/leaderboard" className={buttonVariants({ size: 'lg' })}>
        Back to Leaderboard
      </Link>
    </div>
  );
}
