import { Link } from '@tanstack/react-router';
import { KeyRound, MailCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';

import { PendingButton } from '@/components/ui/pending-button';
import { EmailField } from '@/components/email-field';
import { buttonVariants } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

import { useRequestPasswordReset } from '../api/account-recovery';
import { AUTH_MESSAGES } from '../auth-validation';
import { AuthCard, authLinkClass } from './auth-card';
import { ErrorAlert } from './form-alerts';

const NEUTRAL_MESSAGE = 'If an account exists, a password reset email has been sent.';

/** Spec §2 /forgot-password: an email field, then 'Check Your Email' with 'Back to Login'. */
export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  if (sentMessage) {
    return (
      <AuthCard
        icon={MailCheck}
        tone="success"
        title="Check Your Email"
        focusTitle
        description={sentMessage}
      >
        <p className="text-center text-sm text-muted-foreground">
          The link works for 1 hour and only once. No email? Check your spam folder.
        </p>
        <Link to="/login" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          Back to Login
        </Link>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    if (!email.trim()) {
      setFieldError(AUTH_MESSAGES.emailRequired);
      emailRef.current?.focus();
      return;
    }
    requestReset.mutate(email.trim(), {
      onSuccess: (message) => setSentMessage(message ?? NEUTRAL_MESSAGE),
      onError: (error) => setServerError(errorMessage(error) ?? 'Failed to send reset email'),
    });
  };

  return (
    <AuthCard
      icon={KeyRound}
      title="Forgot Your Password?"
      description="Enter your account’s email address and we’ll send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className={authLinkClass}>
            Back to Login
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <ErrorAlert message={serverError} />
        <EmailField
          value={email}
          error={fieldError}
          inputRef={emailRef}
          onChange={(value) => {
            setEmail(value);
            setFieldError(null);
          }}
        />
        <PendingButton
          type="submit"
          size="lg"
          className="w-full"
          pending={requestReset.isPending}
          pendingLabel="Sending..."
        >
          Send Reset Link
        </PendingButton>
      </form>
    </AuthCard>
  );
}
