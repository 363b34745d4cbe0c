import { KeyRound } from 'lucide-react';

import { NewPasswordFields } from '@/components/new-password-fields';
import { SubmitButton } from '@/components/ui/pending-button';
import { passwordChecks } from '@/lib/password-rules';
import { useForm } from '@/lib/use-form';

import { validateChosenPassword } from '../auth-validation';
import { AuthCard } from './auth-card';

/**
 * The /verify-email step for a browser that is not signed in to the account: whoever opens the
 * mailed link chooses the password the account signs in with (it replaces any password given
 * when the account was created), with the register page's live checklist.
 */
export function ChoosePasswordForm({
  pending,
  onChoose,
}: {
  pending: boolean;
  onChoose: (password: string) => void;
}) {
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: validateChosenPassword,
    mutation: { isPending: pending },
  });
  const { password, confirmPassword } = form.values;
  const checks = passwordChecks(password, confirmPassword);

  const submit = form.handleSubmit((values) => onChoose(values.password));

  return (
    <AuthCard
      icon={KeyRound}
      title="Choose Your Password"
      focusTitle
      description="Choose a password to finish verifying your email. It is the one you will sign in with; any password set when the account was created stops working."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <NewPasswordFields
          password={form.field('password')}
          confirmPassword={form.field('confirmPassword')}
          checks={checks}
        />
        <SubmitButton
          pending={form.submitting}
          disabled={!(checks.longEnough && checks.matches)}
          pendingLabel="Verifying..."
        >
          Verify Email
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
