import { Link } from '@tanstack/react-router';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';

import { SubmitButton } from '@/components/ui/pending-button';
import { EmailField } from '@/components/email-field';
import { buttonVariants } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';

import { useRequestPasswordReset } from '../api/account-recovery';
import { validateEmailRequest } from '../auth-validation';
import { AuthCard, authLinkClass } from './auth-card';
import { ErrorAlert } from './form-alerts';

const NEUTRAL_MESSAGE = 'If an account exists, a password reset email has been sent.';

/** Spec §2 /forgot-password: an email field, then 'Check Your Email' with 'Back to Login'. */
export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const form = useForm({
    initialValues: { email: '' },
    validate: validateEmailRequest,
    mutation: requestReset,
  });
  const [sentMessage, setSentMessage] = useState<string | null>(null);

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

  const submit = form.handleSubmit(({ email }) =>
    requestReset.mutate(email.trim(), {
      onSuccess: (message) => setSentMessage(message ?? NEUTRAL_MESSAGE),
      onError: (error) => form.setFormError(errorMessage(error) ?? 'Failed to send reset email'),
    }),
  );

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
        <ErrorAlert message={form.formError} />
        <EmailField {...form.field('email')} />
        <SubmitButton pending={form.submitting} pendingLabel="Sending...">
          Send Reset Link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
