import { useRef, useState, type FormEvent } from 'react';

import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
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
      <FormField label="Email" error={fieldError}>
        {(control) => (
          <Input
            {...control}
            ref={emailRef}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setFieldError(null);
            }}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={resend.isPending}>
        {resend.isPending ? <Spinner className="size-4" /> : null}
        Resend Verification Email
      </Button>
    </form>
  );
}
