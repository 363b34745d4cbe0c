import { useState, type FormEvent } from 'react';

import { EmailField } from '@/components/email-field';
import { PendingButton } from '@/components/ui/pending-button';
import { errorMessage } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';

import { useResendVerification } from '../api/account-recovery';
import { validateEmailRequest } from '../auth-validation';
import { ErrorAlert, SuccessAlert } from './form-alerts';

const NEUTRAL_MESSAGE = 'If an account exists, a verification email has been sent.';

/** Spec §2 /verify-email error view: ask for a new link by email. */
export function ResendVerificationForm() {
  const resend = useResendVerification();
  const form = useForm({
    initialValues: { email: '' },
    validate: validateEmailRequest,
    mutation: resend,
  });
  const [sent, setSent] = useState<string | null>(null);

  const send = form.handleSubmit(({ email }) =>
    resend.mutate(email.trim(), {
      onSuccess: (message) => setSent(message ?? NEUTRAL_MESSAGE),
      onError: (error) =>
        form.setFormError(errorMessage(error) ?? 'Failed to resend verification email'),
    }),
  );
  // Each attempt takes the last one's confirmation away, also one that is not sent.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setSent(null);
    send(event);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ErrorAlert message={form.formError} />
      <SuccessAlert message={sent} />
      <EmailField {...form.field('email')} />
      <PendingButton type="submit" className="w-full" pending={form.submitting}>
        Resend Verification Email
      </PendingButton>
    </form>
  );
}
