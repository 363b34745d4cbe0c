import { MailPlus } from 'lucide-react';
import { useState } from 'react';

import { PendingButton } from '@/components/ui/pending-button';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';

import { useResendVerification } from '../api/account-recovery';

interface Outcome {
  ok: boolean;
  message: string;
}

/** What the signed-in member reads once a new link is asked for (the address is their own). */
function resentMessage(email: string): string {
  return `A new verification link is on its way to ${email}. It works for 48 hours.`;
}

/**
 * A new verification link to the signed-in member's own address: a confirmation once the server
 * took it, else the server's refusal (its hourly limit) in place of the confirmation.
 */
function useResendLink(email: string) {
  const resend = useResendVerification();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
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
  return { send, pending: resend.isPending, outcome };
}

function ResendButton({ pending, onClick }: { pending: boolean; onClick: () => void }) {
  return (
    <PendingButton
      type="button"
      variant="outline"
      pending={pending}
      pendingLabel="Sending..."
      icon={<MailPlus aria-hidden="true" />}
      onClick={onClick}
    >
      Resend verification email
    </PendingButton>
  );
}

function ResendOutcome({ outcome }: { outcome: Outcome | null }) {
  return (
    <>
      {/* The status region is there from the start, so the confirmation is announced. */}
      <p role="status" className="text-sm [overflow-wrap:anywhere] empty:hidden">
        {outcome?.ok ? outcome.message : null}
      </p>
      {outcome && !outcome.ok ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {outcome.message}
        </p>
      ) : null}
    </>
  );
}

/** 'Resend verification email' with its outcome underneath (the sign-up's card, the verify page). */
export function ResendLinkButton({ email, className }: { email: string; className?: string }) {
  const { send, pending, outcome } = useResendLink(email);
  return (
    <div className={cn('flex flex-col items-start gap-2', className)}>
      <ResendButton pending={pending} onClick={send} />
      <ResendOutcome outcome={outcome} />
    </div>
  );
}

/**
 * The same, laid out by the caller: `action` beside the text on wide screens, `outcome` on a
 * line of its own under both (the verification banner).
 */
export function useResendLinkParts(email: string) {
  const { send, pending, outcome } = useResendLink(email);
  return {
    action: <ResendButton pending={pending} onClick={send} />,
    outcome: <ResendOutcome outcome={outcome} />,
  };
}
