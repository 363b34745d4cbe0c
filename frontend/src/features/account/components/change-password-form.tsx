import { LockKeyhole } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';

import { InputField } from '@/components/input-field';
import { PasswordChecklist } from '@/components/password-checklist';
import { SuccessBanner } from '@/components/success-banner';
import { PendingButton } from '@/components/ui/pending-button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { passwordChecks } from '@/lib/password-rules';
import { useTransientMessage } from '@/lib/use-transient-message';

import { useUpdatePassword } from '../api/update-password';
import { changePasswordError, type ChangePasswordField } from '../change-password-validation';
import { SettingsSection } from './settings-section';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec §2/§5: change password with a live checklist and the spec's messages. */
export function ChangePasswordForm() {
  const update = useUpdatePassword();
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<{ field: ChangePasswordField; message: string } | null>(null);
  const banner = useTransientMessage();
  const checklistId = useId();
  const currentPasswordRef = useRef<HTMLInputElement>(null);
  const newPasswordRef = useRef<HTMLInputElement>(null);
  const confirmPasswordRef = useRef<HTMLInputElement>(null);

  const set = (field: ChangePasswordField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (error?.field === field) setError(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    banner.clear();
    const problem = changePasswordError(values);
    setError(problem);
    if (problem) {
      const inputs = {
        currentPassword: currentPasswordRef,
        newPassword: newPasswordRef,
        confirmPassword: confirmPasswordRef,
      };
      inputs[problem.field].current?.focus();
      return;
    }
    update.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(EMPTY);
          banner.show('Password updated. Your other devices have been signed out.');
        },
        onError: (failure) =>
          toast({
            variant: 'destructive',
            title: 'Failed to Update Password',
            description: errorMessage(failure) ?? 'Current password is incorrect',
          }),
      },
    );
  };

  const fieldError = (field: ChangePasswordField) =>
    error?.field === field ? error.message : undefined;

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
          value={values.currentPassword}
          error={fieldError('currentPassword')}
          inputRef={currentPasswordRef}
          onChange={(value) => set('currentPassword', value)}
        />
        <InputField
          label="New Password"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          error={fieldError('newPassword')}
          inputRef={newPasswordRef}
          describedBy={checklistId}
          onChange={(value) => set('newPassword', value)}
        />
        <InputField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={fieldError('confirmPassword')}
          inputRef={confirmPasswordRef}
          onChange={(value) => set('confirmPassword', value)}
        />
        <PasswordChecklist
          id={checklistId}
          checks={passwordChecks(values.newPassword, values.confirmPassword)}
        />
        <PendingButton
          type="submit"
          className="self-start"
          pending={update.isPending}
          pendingLabel="Updating..."
        >
          Update Password
        </PendingButton>
      </form>
    </SettingsSection>
  );
}
