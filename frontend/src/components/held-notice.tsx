import { Hourglass } from 'lucide-react';

import { WarningNotice } from '@/components/warning-notice';

/**
 * Told to the author of a post held for review (the content check asked for a human look, or
 * every post waits for an admin): only they and the admins see it until an admin approves it.
 * `upcoming` is the results screen's wording, before the post is made.
 */
export function HeldNotice({
  upcoming = false,
  className,
}: {
  upcoming?: boolean;
  className?: string;
}) {
  return (
    <WarningNotice icon={Hourglass} title="Waiting for approval" className={className}>
      {upcoming
        ? 'When you post this photo, an admin will look at it before it goes public. Until then only you can see it.'
        : 'An admin will look at it before it goes public. Until then only you can see it.'}
    </WarningNotice>
  );
}
