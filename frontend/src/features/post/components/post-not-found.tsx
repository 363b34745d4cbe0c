import { Link } from '@tanstack/react-router';
import { ImageOff } from 'lucide-react';

import { MissingNotice } from '@/components/missing-notice';
import { buttonVariants } from '@/components/ui/button';

/** Spec §2/§8: 'Post not found' for an unknown, deleted or hidden post. */
export function PostNotFound() {
  return (
    <MissingNotice
      icon={ImageOff}
      title="Post not found"
      text="This post may have been deleted, or the link may be wrong."
      action={
        <Link to="/leaderboard" className={buttonVariants({ size: 'lg' })}>
          Back to Leaderboard
        </Link>
      }
    />
  );
}
