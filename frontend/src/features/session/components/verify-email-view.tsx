import { Link } from '@tanstack/react-router';
import { CircleCheck, LoaderCircle, MailWarning } from 'lucide-react';
import { useEffect, useEffectEvent, useRef } from 'react';

import { buttonVariants } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

import { InvalidVerificationResponseError, useVerifyEmail } from '../api/verify-email';
import { AuthCard } from './auth-card';
import { ResendVerificationForm } from './resend-verification-form';

/** Spec §9: after a successful verification the home page follows after 1 s. */
export const VERIFIED_REDIRECT_DELAY_MS = 1000;

function failureMessage(error: unknown): string {
  if (error instanceof InvalidVerificationResponseError) return error.message;
  return errorMessage(error) ?? 'Verification failed';
}

/**
 * Spec §2/§4 /verify-email: loading, then success (session user set, home after 1 s) or an
 * error view offering a new link, registering again or going home.
 */
export function VerifyEmailView({
  token,
  onVerified,
}: {
  token: string | undefined;
  onVerified: () => void;
}) {
  const verify = useVerifyEmail();
  const { mutate, isSuccess } = verify;
  // A link works once: post it at most once per visit, also under StrictMode's double effects.
  const attempted = useRef(false);

  useEffect(() => {
    if (!token || attempted.current) return;
    attempted.current = true;
    mutate(token);
  }, [token, mutate]);

  const goOn = useEffectEvent(onVerified);
  useEffect(() => {
    if (!isSuccess) return;
    const timer = setTimeout(() => goOn(), VERIFIED_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isSuccess]);

  const error = !token
    ? 'No verification token provided'
    : verify.isError
      ? failureMessage(verify.error)
      : null;

  if (error) {
    return (
      <AuthCard
        icon={MailWarning}
        tone="destructive"
        title="Verification Failed"
        description={<span role="alert">{error}</span>}
      >
        <div className="flex flex-col gap-3 rounded-lg border bg-muted/50 p-4">
          <h2 className="text-sm font-semibold">Need a new link?</h2>
          <ResendVerificationForm />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Link to="/register" className={buttonVariants({ variant: 'outline' })}>
            Register Again
          </Link>
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            Go Home
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (isSuccess) {
    return (
      <AuthCard
        icon={CircleCheck}
        tone="success"
        title="Email Verified!"
        focusTitle
        description={
          <span role="status">Your email address is confirmed. Taking you to the home page…</span>
        }
      />
    );
  }

  return (
    <AuthCard
      icon={LoaderCircle}
      iconSpins
      title="Verifying Your Email"
      description={<span role="status">This takes just a moment…</span>}
    />
  );
}
