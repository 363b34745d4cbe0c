import { Link } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';

import { EmailField } from '@/components/email-field';
import { InputField } from '@/components/input-field';
import { PendingButton } from '@/components/ui/pending-button';
import { errorMessage } from '@/lib/api-client';

import { useLogin } from '../api/login';
import { hasErrors, validateLogin, type FieldErrors } from '../auth-validation';
import type { User } from '../types';
import { AuthCard, authLinkClass } from './auth-card';
import { ErrorAlert } from './form-alerts';

/** Spec §2 /login: email and password, links to recovery and registration, a close control. */
export function LoginForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    setServerError(null);
    if (hasErrors(found)) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: onSignedIn,
        // Spec §8: the server's message when it has one, else 'Login failed'.
        onError: (error) => setServerError(errorMessage(error) ?? 'Login failed'),
      },
    );
  };

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
        <ErrorAlert message={serverError} />
        <EmailField
          value={email}
          error={errors.email}
          inputRef={emailRef}
          onChange={(value) => {
            setEmail(value);
            setErrors((current) => ({ ...current, email: undefined }));
          }}
        />
        <InputField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          inputRef={passwordRef}
          labelAside={
            <Link to="/forgot-password" className={`${authLinkClass} text-sm`}>
              Forgot password?
            </Link>
          }
          onChange={(value) => {
            setPassword(value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
        />
        <PendingButton
          type="submit"
          size="lg"
          className="w-full"
          pending={login.isPending}
          pendingLabel="Logging in..."
        >
          Log In
        </PendingButton>
      </form>
    </AuthCard>
  );
}
