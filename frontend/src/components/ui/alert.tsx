import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

const alertVariants = cva(
  'flex items-start gap-3 rounded-lg border bg-card px-4 py-3 text-sm text-card-foreground [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        default: '[&>svg]:text-primary',
        destructive: 'border-destructive text-destructive',
        success: 'border-success [&>svg]:text-success',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/**
 * An inline message box. The caller chooses the live-region role: `alert` for errors that
 * appear after an action, `status` for confirmations.
 */
export function Alert({
  className,
  variant,
  ...props
}: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return <div className={cn(alertVariants({ variant }), className)} {...props} />;
}
