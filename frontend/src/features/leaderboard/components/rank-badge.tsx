import { Award, Medal, Trophy } from 'lucide-react';

import { cn } from '@/lib/cn';

/** Spec §2/§9: the weekly ranks 1 to 5 carry badges, 1st to 5th. */
const RANKS: Record<number, { label: string; className: string; icon: typeof Trophy }> = {
  1: { label: '1st', className: 'bg-amber-300 text-amber-950', icon: Trophy },
  2: { label: '2nd', className: 'bg-slate-200 text-slate-900', icon: Medal },
  3: { label: '3rd', className: 'bg-orange-200 text-orange-950', icon: Medal },
  4: { label: '4th', className: 'bg-sky-100 text-sky-950', icon: Award },
  5: { label: '5th', className: 'bg-sky-100 text-sky-950', icon: Award },
};

export function hasRankBadge(rank: number | undefined): rank is number {
  return rank !== undefined && rank in RANKS;
}

export function RankBadge({ rank, className }: { rank: number; className?: string }) {
  const badge = RANKS[rank];
  if (!badge) return null;
  const Icon = badge.icon;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-extrabold whitespace-nowrap shadow-sm ring-1 ring-black/10',
        badge.className,
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {badge.label}
      <span className="sr-only"> place</span>
    </span>
  );
}
