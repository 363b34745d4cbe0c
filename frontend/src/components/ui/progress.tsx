import * as ProgressPrimitive from '@radix-ui/react-progress';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

interface ProgressProps extends ComponentProps<typeof ProgressPrimitive.Root> {
  /** Classes for the filled part, e.g. a score band colour. */
  indicatorClassName?: string;
}

export function Progress({
  className,
  indicatorClassName,
  value,
  max = 100,
  ...props
}: ProgressProps) {
  const percent = value == null ? null : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root
      className={cn('relative h-3 w-full overflow-hidden rounded-full bg-muted', className)}
      value={value}
      max={max}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn(
          'h-full rounded-full bg-primary transition-transform duration-700 ease-out',
          percent == null && 'w-2/5 animate-indeterminate',
          indicatorClassName,
        )}
        style={percent == null ? undefined : { transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
