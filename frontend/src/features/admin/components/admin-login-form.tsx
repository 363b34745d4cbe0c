import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';

import { InputField } from '@/components/input-field';
import { LogoWordmark } from '@/components/logo';
import { SubmitButton } from '@/components/ui/pending-button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useForm, type FieldErrors } from '@/lib/use-form';

import { useAdminLogin } from '../api/admin-sign-in';

/** Spec §9: the admin area opens 100 ms after the success toast. */
export const ADMIN_LOGIN_REDIRECT_MS = 100;

/** Spec §5 "Admin login": both fields are needed; the server checks the rest. */
function validateAdminLogin(input: {
  username: string;
  password: string;
}): FieldErrors<'username' | 'password'> {
  const errors: FieldErrors<'username' | 'password'> = {};
  if (!input.username.trim()) errors.username = 'Username is required';
  if (!input.password) errors.password = 'Password is required';
  return errors;
}

/**
 * Spec §2 "Admin login": username and password, 'Sign In' ('Signing in...' while busy),
 * toast 'Login successful' and the admin area after 100 ms; failures as a destructive toast.
 */
export function AdminLoginForm({
  onSignedIn,
  themeToggle,
}: {
  onSignedIn: () => void;
  themeToggle?: ReactNode;
}) {
  const login = useAdminLogin();
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: validateAdminLogin,
    mutation: login,
  });

  const submit = form.handleSubmit(({ username, password }) =>
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => {
          toast({ title: 'Login successful' });
          setTimeout(onSignedIn, ADMIN_LOGIN_REDIRECT_MS);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Login failed',
            description: errorMessage(error) ?? 'Invalid credentials',
          }),
      },
    ),
  );

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <div className="flex justify-end p-3">{themeToggle}</div>
      <main className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center gap-6 px-4 pb-16">
        <div className="flex justify-center">
          <LogoWordmark />
        </div>
        <Card>
          <CardHeader className="items-center gap-3 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <LockKeyhole className="size-6" aria-hidden="true" />
            </span>
            <h1 className="text-2xl leading-tight font-bold tracking-tight">Admin Sign In</h1>
            <CardDescription>Staff only. Sign in with your admin account.</CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={submit} className="flex flex-col gap-5">
              <InputField
                label="Username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                {...form.field('username')}
              />
              <InputField
                label="Password"
                type="password"
                autoComplete="current-password"
                {...form.field('password')}
              />
              <SubmitButton
                pending={form.submitting}
                pendingLabel="Signing in..."
                disabled={login.isSuccess}
              >
                Sign In
              </SubmitButton>
            </form>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
