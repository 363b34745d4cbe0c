import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

const BASE_CLASSES =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 disabled:saturate-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0';

const VARIANT_CLASSES = {
  default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
  destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
  outline:
    'border border-input bg-card text-card-foreground hover:bg-accent hover:text-accent-foreground',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-accent hover:text-accent-foreground',
  ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
  link: 'text-primary underline-offset-4 hover:underline',
};

const SIZE_CLASSES = {
  default: 'h-10 px-4 py-2',
  sm: 'h-9 px-3',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
};

export interface ButtonVariantProps {
  variant?: keyof typeof VARIANT_CLASSES | null;
  size?: keyof typeof SIZE_CLASSES | null;
}

/** A button's classes, for a button or for a link drawn as one; `className` wins conflicts. */
export function buttonVariants({
  variant,
  size,
  className,
}: ButtonVariantProps & { className?: string } = {}): string {
  return cn(
    BASE_CLASSES,
    VARIANT_CLASSES[variant ?? 'default'],
    SIZE_CLASSES[size ?? 'default'],
    className,
  );
}

/** A link styled as a button takes `buttonVariants(…)` as its class name instead. */
export type ButtonProps = ComponentProps<'button'> & ButtonVariantProps;

export function Button({ className, variant, size, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      className={buttonVariants({ variant, size, className })}
      // A plain <button> inside a form would submit it; be explicit unless told otherwise.
      type={type}
      {...props}
    />
  );
}
