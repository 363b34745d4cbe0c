import { MailPlus } from 'lucide-react';
import { useState } from 'react';

import { PendingButton } from '@/components/ui/pending-button';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';

import { useResendVerification } from '../api/account-recovery';

/** What the signed-in member reads once a new link is asked for (the address is their own). */
function resentMessage(email: string): string {
  return `A new verification link is on its way to ${email}. It works for 48 hours.`;
}

/**
 * 'Resend verification email' for the signed-in member's own address: a confirmation once the
 * server took it, else the server's refusal (its hourly limit) in place of the confirmation.
 */
export function ResendLinkButton({ email, className }: { email: string; className?: string }) {
  const resend = useResendVerification();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const send = () => {
    setOutcome(null);
    resend.mutate(email, {
      onSuccess: () => setOutcome({ ok: true, message: resentMessage(email) }),
      onError: (error) =>
        setOutcome({
          ok: false,
          message: errorMessage(error) ?? 'Failed to resend verification email',
        }),
    });
  };

  return (
    <div className={cn('flex flex-col items-start gap-2', className)}>
      <PendingButton
        type="button"
        variant="outline"
        pending={resend.isPending}
        pendingLabel="Sending..."
        icon={<MailPlus aria-hidden="true" />}
        onClick={send}
      >
        Resend verification email
      </PendingButton>
      {/* The status region is there from the start, so the confirmation is announced. */}
      <p role="status" className="text-sm [overflow-wrap:anywhere] empty:hidden">
        {outcome?.ok ? outcome.message : null}
      </p>
      {outcome && !outcome.ok ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {outcome.message}
        </p>
      ) : null}
    </div>
  );
}
