import { Link } from '@tanstack/react-router';
import { CircleCheck, KeyRound, LinkIcon } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';

import { InputField } from '@/components/input-field';
import { PendingButton } from '@/components/ui/pending-button';
import { PasswordChecklist } from '@/components/password-checklist';
import { buttonVariants } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { passwordChecks } from '@/lib/password-rules';

import { useResetPassword } from '../api/account-recovery';
import { resetPasswordError } from '../auth-validation';
import { AuthCard } from './auth-card';
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
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const checklistId = useId();
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
      <AuthCard
        icon={CircleCheck}
        tone="success"
        title="Password Reset!"
        focusTitle
        description={
          <span role="status">Your password has been changed. Taking you to the login page…</span>
        }
      >
        <Link to="/login" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          Go to Login
        </Link>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = resetPasswordError(password, confirmPassword);
    setError(problem);
    if (problem) return;
    reset.mutate(
      { token, password },
      { onError: (failure) => setError(errorMessage(failure) ?? 'Failed to reset password') },
    );
  };

  return (
    <AuthCard
      icon={KeyRound}
      title="Set a New Password"
      description="Choose a new password for your account."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <ErrorAlert message={error} />
        <InputField
          label="New Password"
          type="password"
          autoComplete="new-password"
          value={password}
          describedBy={checklistId}
          onChange={(value) => {
            setPassword(value);
            setError(null);
          }}
        />
        <InputField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(value) => {
            setConfirmPassword(value);
            setError(null);
          }}
        />
        <PasswordChecklist id={checklistId} checks={passwordChecks(password, confirmPassword)} />
        <PendingButton
          type="submit"
          size="lg"
          className="w-full"
          pending={reset.isPending}
          pendingLabel="Resetting..."
        >
          Reset Password
        </PendingButton>
      </form>
    </AuthCard>
  );
}
