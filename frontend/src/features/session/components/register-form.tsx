import { Link } from '@tanstack/react-router';
import { MailCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';

import { SubmitButton } from '@/components/ui/pending-button';
import { EmailField } from '@/components/email-field';
import { NewPasswordFields } from '@/components/new-password-fields';
import { buttonVariants } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { passwordChecks } from '@/lib/password-rules';
import { useForm } from '@/lib/use-form';

import { useRegister } from '../api/register';
import { validateRegistration } from '../auth-validation';
import { AuthCard, authLinkClass } from './auth-card';
import { ErrorAlert } from './form-alerts';
import { ResendLinkButton } from './resend-link-button';

/**
 * Spec §2 /register: email, password and confirmation with a live checklist; the button stays
 * disabled until the form is valid; success shows 'Check Your Email!', unless the page takes over
 * with `onRegistered` (the new account is signed in: a rating saved before registering is posted
 * at once).
 */
export function RegisterForm({ onRegistered }: { onRegistered?: (email: string) => void }) {
  const register = useRegister();
  const form = useForm({
    initialValues: { email: '', password: '', confirmPassword: '' },
    validate: validateRegistration,
    mutation: register,
  });
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  const { email, password, confirmPassword } = form.values;
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
          The link works for 48 hours. No email? Check your spam folder, or ask for a new one.
        </p>
        {/* Registering signed the account in here: nothing to log in to, a new link to ask for. */}
        <ResendLinkButton email={registeredEmail} className="items-stretch text-center" />
        <Link to="/" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          Go Home
        </Link>
      </AuthCard>
    );
  }

  const submit = form.handleSubmit((values) => {
    const normalisedEmail = values.email.trim();
    register.mutate(
      { email: normalisedEmail, password: values.password },
      {
        onSuccess: (user) => {
          const registered = user.email || normalisedEmail;
          if (onRegistered) onRegistered(registered);
          else setRegisteredEmail(registered);
        },
        // Spec §8: the server's message when it has one, else 'Registration failed'.
        onError: (error) => form.setFormError(errorMessage(error) ?? 'Registration failed'),
      },
    );
  });

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
        <ErrorAlert message={form.formError} />
        <EmailField {...form.field('email')} />
        <NewPasswordFields
          password={form.field('password')}
          confirmPassword={form.field('confirmPassword')}
          checks={checks}
        />
        <SubmitButton
          pending={form.submitting}
          disabled={!canSubmit}
          pendingLabel="Creating account..."
        >
          Create Account
        </SubmitButton>
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
