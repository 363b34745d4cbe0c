import { Rocket, Zap } from 'lucide-react';

import { cn } from '@/lib/cn';
import type { BoostType } from '@/types/api';

interface BoostBadgeProps {
  boostType: BoostType | null | undefined;
  /** 'short' for grids ('Mega Boost' / 'Boost'), 'banner' for a post page ('MEGA BOOST' / 'BOOSTED'). */
  variant?: 'short' | 'banner';
  className?: string;
}

/** Spec §2: the featured-placement badge of a boosted post. */
export function BoostBadge({ boostType, variant = 'short', className }: BoostBadgeProps) {
  const mega = boostType === 'mega';
  const label =
    variant === 'banner' ? (mega ? 'MEGA BOOST' : 'BOOSTED') : mega ? 'Mega Boost' : 'Boost';
  const Icon = mega ? Zap : Rocket;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold shadow-sm',
        mega ? 'bg-warning text-warning-foreground' : 'bg-primary text-primary-foreground',
        variant === 'banner' && 'px-3 py-1 tracking-wider',
        className,
      )}
    >
      <Icon className="size-3" aria-hidden="true" />
      {label}
    </span>
  );
}
