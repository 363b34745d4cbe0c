import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

interface ProgressProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** Done so far, out of `max`; null or absent: under way, amount unknown. */
  value?: number | null;
  max?: number;
  /** How the value is read out; by default the percentage, e.g. "80%". */
  getValueLabel?: (value: number, max: number) => string;
  /** Classes for the filled part, e.g. a score band colour. */
  indicatorClassName?: string;
}

/**
 * A progress bar (the ARIA progressbar pattern): with a value it fills to it and reads as a
 * percentage; without one it is indeterminate, a sliding segment.
 */
export function Progress({
  className,
  indicatorClassName,
  value,
  max = 100,
  getValueLabel = (done, total) => `${Math.round((done / total) * 100)}%`,
  ...props
}: ProgressProps) {
  const percent = value == null ? null : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value ?? undefined}
      aria-valuetext={value == null ? undefined : getValueLabel(value, max)}
      data-state={percent == null ? 'indeterminate' : percent === 100 ? 'complete' : 'loading'}
      className={cn('relative h-3 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div
        className={cn(
          'h-full rounded-full bg-primary transition-transform duration-700 ease-out',
          percent == null && 'w-2/5 animate-indeterminate',
          indicatorClassName,
        )}
        style={percent == null ? undefined : { transform: `translateX(-${100 - percent}%)` }}
      />
    </div>
  );
}
