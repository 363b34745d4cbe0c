import { useRef, useState, type FormEvent } from 'react';

import { EmailField } from '@/components/email-field';
import { PendingButton } from '@/components/ui/pending-button';
import { errorMessage } from '@/lib/api-client';

import { useResendVerification } from '../api/account-recovery';
import { AUTH_MESSAGES } from '../auth-validation';
import { ErrorAlert, SuccessAlert } from './form-alerts';

const NEUTRAL_MESSAGE = 'If an account exists, a verification email has been sent.';

/** Spec §2 /verify-email error view: ask for a new link by email. */
export function ResendVerificationForm() {
  const resend = useResendVerification();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(null);
    setServerError(null);
    if (!email.trim()) {
      setFieldError(AUTH_MESSAGES.emailRequired);
      emailRef.current?.focus();
      return;
    }
    resend.mutate(email.trim(), {
      onSuccess: (message) => setSent(message ?? NEUTRAL_MESSAGE),
      onError: (error) =>
        setServerError(errorMessage(error) ?? 'Failed to resend verification email'),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ErrorAlert message={serverError} />
      <SuccessAlert message={sent} />
      <EmailField
        value={email}
        error={fieldError}
        inputRef={emailRef}
        onChange={(value) => {
          setEmail(value);
          setFieldError(null);
        }}
      />
      <PendingButton type="submit" className="w-full" pending={resend.isPending}>
        Resend Verification Email
      </PendingButton>
    </form>
  );
}
