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
import { ChoosePostToBoost } from './choose-post-to-boost';

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
  /** The dialog's title: the list's own, or "Choose a post to boost" right after buying. */
  title?: string;
}

/**
 * A member's unused boosts and their posts to apply the next one to: opened from the header's
 * badge, and on /boost right after a boost is bought.
 */
export function UnusedBoostsDialog({
  label,
  boosts,
  onClose,
  title = 'Your Unused Boosts',
}: UnusedBoostsDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {label}. Choose a post to apply the next one to: the oldest is applied first, starts at
            once and can’t be paused.
          </DialogDescription>
        </DialogHeader>
        <ul aria-label="Unused boosts" className="flex flex-col gap-2">
          {boosts.map((boost, index) => (
            <BoostRow key={boost.id} boost={boost} next={index === 0} />
          ))}
        </ul>
        {boosts[0] ? (
          <section aria-labelledby="choose-post-heading" className="flex flex-col gap-2">
            <h3 id="choose-post-heading" className="text-sm font-semibold">
              Choose a post
            </h3>
            <ChoosePostToBoost next={boosts[0].boostType} onApplied={onClose} />
          </section>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
