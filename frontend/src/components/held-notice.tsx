import { Hourglass } from 'lucide-react';

import { Alert } from '@/components/ui/alert';
import { cn } from '@/lib/cn';

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
    <Alert role="status" className={cn('border-warning', className)}>
      <Hourglass aria-hidden="true" />
      <div className="flex flex-col gap-0.5">
        <p className="font-semibold">Waiting for approval</p>
        <p className="text-muted-foreground">
          {upcoming
            ? 'When you post this photo, an admin will look at it before it goes public. Until then only you can see it.'
            : 'An admin will look at it before it goes public. Until then only you can see it.'}
        </p>
      </div>
    </Alert>
  );
}
