import { Link } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';

import { EmailField } from '@/components/email-field';
import { InputField } from '@/components/input-field';
import { SubmitButton } from '@/components/ui/pending-button';
import { errorMessage } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';

import { useLogin } from '../api/login';
import { validateLogin } from '../auth-validation';
import type { User } from '../types';
import { AuthCard, authLinkClass } from './auth-card';
import { ErrorAlert } from './form-alerts';

/** Spec §2 /login: email and password, links to recovery and registration, a close control. */
export function LoginForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const login = useLogin();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: validateLogin,
    mutation: login,
  });

  const submit = form.handleSubmit(({ email, password }) =>
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: onSignedIn,
        // Spec §8: the server's message when it has one, else 'Login failed'.
        onError: (error) => form.setFormError(errorMessage(error) ?? 'Login failed'),
      },
    ),
  );

  return (
    <AuthCard
      icon={LogIn}
      title="Welcome Back"
      description="Log in to post, like, comment and rate."
      closable
      footer={
        <>
          Don’t have an account?{' '}
          <Link to="/register" className={authLinkClass}>
            Register
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <ErrorAlert message={form.formError} />
        <EmailField {...form.field('email')} />
        <InputField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
          labelAside={
            <Link to="/forgot-password" className={`${authLinkClass} text-sm`}>
              Forgot password?
            </Link>
          }
        />
        <SubmitButton pending={form.submitting} pendingLabel="Logging in...">
          Log In
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
