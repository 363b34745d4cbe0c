import { Link } from '@tanstack/react-router';
import { MailCheck, UserPlus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';

import { InputField } from '@/components/input-field';
import { PendingButton } from '@/components/ui/pending-button';
import { EmailField } from '@/components/email-field';
import { PasswordChecklist } from '@/components/password-checklist';
import { buttonVariants } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { passwordChecks } from '@/lib/password-rules';

import { useRegister } from '../api/register';
import { hasErrors, validateRegistration, type FieldErrors } from '../auth-validation';
import { AuthCard, authLinkClass } from './auth-card';
import { ErrorAlert } from './form-alerts';

type Field = 'email' | 'password' | 'confirmPassword';

/**
 * Spec §2 /register: email, password and confirmation with a live checklist; the button stays
 * disabled until the form is valid; success shows 'Check Your Email!', unless the page takes over
 * with `onRegistered` (the new account is signed in: a rating saved before registering is posted
 * at once).
 */
export function RegisterForm({ onRegistered }: { onRegistered?: (email: string) => void }) {
  const register = useRegister();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const checklistId = useId();

  const checks = passwordChecks(password, confirmPassword);
  const canSubmit = email.trim().length > 0 && checks.longEnough && checks.matches;

  if (registeredEmail) {
    return (
      <AuthCard
        icon={MailCheck}
        tone="success"
        title="Check Your Email!"
        focusTitle
        description={
          <>
            We sent a verification link to{' '}
            <strong className="font-semibold [overflow-wrap:anywhere] text-foreground">
              {registeredEmail}
            </strong>
            . Open it to verify your account.
          </>
        }
      >
        <p className="text-center text-sm text-muted-foreground">
          The link works for 48 hours. No email? Check your spam folder.
        </p>
        <Link to="/login" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          Go to Login
        </Link>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateRegistration({ email, password, confirmPassword });
    setErrors(found);
    setServerError(null);
    if (hasErrors(found)) {
      if (found.email) emailRef.current?.focus();
      return;
    }
    const normalisedEmail = email.trim();
    register.mutate(
      { email: normalisedEmail, password },
      {
        onSuccess: (user) => {
          const registered = user.email || normalisedEmail;
          if (onRegistered) onRegistered(registered);
          else setRegisteredEmail(registered);
        },
        // Spec §8: the server's message when it has one, else 'Registration failed'.
        onError: (error) => setServerError(errorMessage(error) ?? 'Registration failed'),
      },
    );
  };

  const clearError = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));

  return (
    <AuthCard
      icon={UserPlus}
      title="Create Your Account"
      description="Join to post your ratings, like, comment and climb the leaderboard."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={authLinkClass}>
            Log in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <ErrorAlert message={serverError} />
        <EmailField
          value={email}
          error={errors.email}
          inputRef={emailRef}
          onChange={(value) => {
            setEmail(value);
            clearError('email');
          }}
        />
        <InputField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          describedBy={checklistId}
          onChange={(value) => {
            setPassword(value);
            clearError('password');
          }}
        />
        <InputField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={(value) => {
            setConfirmPassword(value);
            clearError('confirmPassword');
          }}
        />
        <PasswordChecklist id={checklistId} checks={checks} />
        <PendingButton
          type="submit"
          size="lg"
          className="w-full"
          pending={register.isPending}
          disabled={!canSubmit}
          pendingLabel="Creating account..."
        >
          Create Account
        </PendingButton>
        <p className="text-center text-xs text-muted-foreground">
          By registering you confirm you are 18 or older and accept the{' '}
          <Link to="/termsofservice" className={authLinkClass}>
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacypolicy" className={authLinkClass}>
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
