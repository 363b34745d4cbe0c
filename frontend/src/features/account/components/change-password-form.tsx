import { LockKeyhole } from 'lucide-react';
import { useId, type FormEvent } from 'react';

import { InputField } from '@/components/input-field';
import { PasswordChecklist } from '@/components/password-checklist';
import { SuccessBanner } from '@/components/success-banner';
import { PendingButton } from '@/components/ui/pending-button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { passwordChecks } from '@/lib/password-rules';
import { useForm } from '@/lib/use-form';
import { useTransientMessage } from '@/lib/use-transient-message';

import { useUpdatePassword } from '../api/update-password';
import { validateChangePassword } from '../change-password-validation';
import { SettingsSection } from './settings-section';

/** Spec §2/§5: change password with a live checklist and the spec's messages. */
export function ChangePasswordForm() {
  const update = useUpdatePassword();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: validateChangePassword,
    mutation: update,
  });
  const banner = useTransientMessage();
  const checklistId = useId();

  const send = form.handleSubmit(({ currentPassword, newPassword }) =>
    update.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          banner.show('Password updated. Your other devices have been signed out.');
        },
        onError: (failure) =>
          toast({
            variant: 'destructive',
            title: 'Failed to Update Password',
            description: errorMessage(failure) ?? 'Current password is incorrect',
          }),
      },
    ),
  );
  // A new attempt takes the last success banner away, also one that is not sent.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    banner.clear();
    send(event);
  };

  return (
    <SettingsSection
      icon={LockKeyhole}
      title="Change Password"
      description="Enter your current password, then choose a new one."
    >
      <SuccessBanner message={banner.message} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <InputField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
        />
        <InputField
          label="New Password"
          type="password"
          autoComplete="new-password"
          {...form.field('newPassword')}
          describedBy={checklistId}
        />
        <InputField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        <PasswordChecklist
          id={checklistId}
          checks={passwordChecks(form.values.newPassword, form.values.confirmPassword)}
        />
        <PendingButton
          type="submit"
          className="self-start"
          pending={form.submitting}
          pendingLabel="Updating..."
        >
          Update Password
        </PendingButton>
      </form>
    </SettingsSection>
  );
}
