import type { ReactNode } from 'react';

import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface PendingButtonProps extends ButtonProps {
  /** The action is in flight: the button is disabled, busy, and shows a spinner. */
  pending: boolean;
  /** The label while pending ('Signing in...'); the normal label stays when omitted. */
  pendingLabel?: ReactNode;
  /** An icon before the label; the spinner takes its place while pending. */
  icon?: ReactNode;
}

export function PendingButton({
  pending,
  pendingLabel,
  icon,
  disabled,
  children,
  ...props
}: PendingButtonProps) {
  return (
    <Button {...props} disabled={pending || disabled} aria-busy={pending || undefined}>
      {pending ? <Spinner className="size-4" /> : (icon ?? null)}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}

/** The full-width submit button of a form card (sign-in, registration, passwords). */
export function SubmitButton(props: Omit<PendingButtonProps, 'type' | 'size' | 'className'>) {
  return <PendingButton type="submit" size="lg" className="w-full" {...props} />;
}
