import { Rocket, Zap } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { pluralWord } from '@/lib/plural';

import { useUnclaimedBoosts } from '../api/unclaimed-boosts';

const loadDialog = () => import('./unused-boosts-dialog');
// The list's dialog (and Radix Dialog with it) loads when it is first opened, or when the badge
// is pointed at or focused: the header is on every page, the dialog rarely opened.
const UnusedBoostsDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.UnusedBoostsDialog })),
);

export function unusedBoostsLabel(count: number): string {
  return `${count} Unused ${pluralWord(count, 'Boost')}`;
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
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        <Icon aria-hidden="true" />
        {variant === 'compact' ? <span aria-hidden="true">{data.count}</span> : label}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <UnusedBoostsDialog label={label} boosts={data.boosts} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
