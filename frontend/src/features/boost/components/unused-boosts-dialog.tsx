import { Rocket, Zap } from 'lucide-react';

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import type { Boost } from '@/types/api';

import { BOOST_PLANS } from '../api/boost-keys';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function BoostRow({ boost, next }: { boost: Boost; next: boolean }) {
  const plan = BOOST_PLANS[boost.boostType];
  const mega = boost.boostType === 'mega';
  const Icon = mega ? Zap : Rocket;
  return (
    <li
      className={cn(
        'flex items-center gap-3 rounded-lg border p-3',
        mega && 'border-warning ring-1 ring-warning',
      )}
    >
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-full',
          mega ? 'bg-warning text-warning-foreground' : 'bg-primary text-primary-foreground',
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="font-semibold">
          {plan.label} <span className="font-normal text-muted-foreground">· {plan.duration}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          Bought{' '}
          <time dateTime={boost.createdAt}>{dateFormat.format(new Date(boost.createdAt))}</time>
        </p>
      </div>
      {next ? (
        <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">
          Next
        </span>
      ) : null}
    </li>
  );
}

interface UnusedBoostsDialogProps {
  /** The badge's label, e.g. "2 Unused Boosts". */
  label: string;
  /** The unused boosts, the next one to be applied first. */
  boosts: Boost[];
  onClose: () => void;
}

/** The list of a member's unused boosts, opened from the header's badge. */
export function UnusedBoostsDialog({ label, boosts, onClose }: UnusedBoostsDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Your Unused Boosts</DialogTitle>
          <DialogDescription>
            {label}. Apply one from your post’s page, or right after posting a new rating. The
            oldest is applied first.
          </DialogDescription>
        </DialogHeader>
        <ul aria-label="Unused boosts" className="flex flex-col gap-2">
          {boosts.map((boost, index) => (
            <BoostRow key={boost.id} boost={boost} next={index === 0} />
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
