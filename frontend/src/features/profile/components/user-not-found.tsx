import { Link } from '@tanstack/react-router';
import { ArrowLeft, UserX } from 'lucide-react';

import { MissingNotice } from '@/components/missing-notice';
import { buttonVariants } from '@/components/ui/button';

/** Spec §2: 'User Not Found' with a Back link to the leaderboard. */
export function UserNotFound() {
  return (
    <MissingNotice
      icon={UserX}
      title="User Not Found"
      text="This profile does not exist, or the link to it is incomplete."
      action={
        <Link to="/leaderboard" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          <ArrowLeft aria-hidden="true" />
          Back to Leaderboard
        </Link>
      }
    />
  );
}
