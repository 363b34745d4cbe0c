import { Rocket, Zap } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
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
import { useUnclaimedBoosts } from '../api/unclaimed-boosts';

export function unusedBoostsLabel(count: number): string {
  return `${count} Unused ${count === 1 ? 'Boost' : 'Boosts'}`;
}

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

interface UnusedBoostsBadgeProps {
  signedIn: boolean;
  /**
   * 'header' is the desktop pill, 'compact' the phone bar's icon and count (named in full for
   * screen readers), 'menu' a full-width row of the mobile menu.
   */
  variant?: 'header' | 'compact' | 'menu';
  /** Called before the dialog opens (the mobile menu closes itself). */
  onOpen?: () => void;
}

/**
 * Spec §2 header: the count of unused boosts (mega styling when the next one is mega); it opens
 * the list of them. Nothing shows for a visitor or an account without unused boosts.
 */
export function UnusedBoostsBadge({
  signedIn,
  variant = 'header',
  onOpen,
}: UnusedBoostsBadgeProps) {
  const { data } = useUnclaimedBoosts(signedIn);
  const [open, setOpen] = useState(false);
  if (!signedIn || !data || data.count === 0) return null;

  const mega = data.boost?.boostType === 'mega';
  const Icon = mega ? Zap : Rocket;
  const label = unusedBoostsLabel(data.count);

  return (
    <>
      <Button
        variant="outline"
        size={variant === 'menu' ? 'lg' : 'sm'}
        data-boost-type={mega ? 'mega' : 'regular'}
        aria-haspopup="dialog"
        aria-label={variant === 'compact' ? label : undefined}
        className={cn(
          'rounded-full font-bold',
          variant === 'menu' && 'w-full justify-start rounded-md',
          mega
            ? 'border-warning bg-warning text-warning-foreground hover:bg-warning/90 hover:text-warning-foreground'
            : 'border-primary text-primary hover:bg-primary hover:text-primary-foreground',
        )}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        <Icon aria-hidden="true" />
        {variant === 'compact' ? <span aria-hidden="true">{data.count}</span> : label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Your Unused Boosts</DialogTitle>
            <DialogDescription>
              {label}. Apply one from your post’s page, or right after posting a new rating. The
              oldest is applied first.
            </DialogDescription>
          </DialogHeader>
          <ul aria-label="Unused boosts" className="flex flex-col gap-2">
            {data.boosts.map((boost, index) => (
              <BoostRow key={boost.id} boost={boost} next={index === 0} />
            ))}
          </ul>
        </DialogContent>
      </Dialog>
    </>
  );
}
