import { Link } from '@tanstack/react-router';
import { KeyRound, LinkIcon } from 'lucide-react';
import { useEffect, useEffectEvent } from 'react';

import { SubmitButton } from '@/components/ui/pending-button';
import { NewPasswordFields } from '@/components/new-password-fields';
import { buttonVariants } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { passwordChecks } from '@/lib/password-rules';
import { useForm } from '@/lib/use-form';

import { useResetPassword } from '../api/account-recovery';
import { resetPasswordError } from '../auth-validation';
import { AuthCard, SuccessCard } from './auth-card';
import { ErrorAlert } from './form-alerts';

/** Spec §9: after 'Password Reset!' the login page follows after 2 s. */
export const RESET_REDIRECT_DELAY_MS = 2000;

/** Spec §2 /reset-password: two password fields; 'Invalid Link' without a token. */
export function ResetPasswordForm({
  token,
  onDone,
}: {
  token: string | undefined;
  onDone: () => void;
}) {
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    // Spec §5: one problem at a time, about the whole form, shown where a failure is.
    validateForm: ({ password, confirmPassword }) => resetPasswordError(password, confirmPassword),
    formErrorClearsOnChange: true,
    mutation: reset,
  });
  const { isSuccess } = reset;

  const goOn = useEffectEvent(onDone);
  useEffect(() => {
    if (!isSuccess) return;
    const timer = setTimeout(() => goOn(), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isSuccess]);

  if (!token) {
    return (
      <AuthCard
        icon={LinkIcon}
        tone="destructive"
        title="Invalid Link"
        description="This password reset link is missing its token. Please request a new one."
      >
        <Link to="/forgot-password" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          Request New Link
        </Link>
      </AuthCard>
    );
  }

  if (isSuccess) {
    return (
      <SuccessCard
        title="Password Reset!"
        status="Your password has been changed. Taking you to the login page…"
      >
        <Link to="/login" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          Go to Login
        </Link>
      </SuccessCard>
    );
  }

  const submit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onError: (failure) =>
          form.setFormError(errorMessage(failure) ?? 'Failed to reset password'),
      },
    ),
  );

  return (
    <AuthCard
      icon={KeyRound}
      title="Set a New Password"
      description="Choose a new password for your account."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <ErrorAlert message={form.formError} />
        <NewPasswordFields
          password={form.field('password')}
          confirmPassword={form.field('confirmPassword')}
          checks={passwordChecks(form.values.password, form.values.confirmPassword)}
          labels={{ password: 'New Password', confirmPassword: 'Confirm New Password' }}
        />
        <SubmitButton pending={form.submitting} pendingLabel="Resetting...">
          Reset Password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
