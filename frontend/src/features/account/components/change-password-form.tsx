import { LockKeyhole } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';

import { FormField } from '@/components/form-field';
import { PasswordChecklist } from '@/components/password-checklist';
import { SuccessBanner } from '@/components/success-banner';
import { PendingButton } from '@/components/ui/pending-button';
import { Input } from '@/components/ui/input';
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
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };

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
      refs[problem.field].current?.focus();
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
        <FormField label="Current Password" error={fieldError('currentPassword')}>
          {(control) => (
            <Input
              {...control}
              ref={refs.currentPassword}
              type="password"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={(event) => set('currentPassword', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="New Password" error={fieldError('newPassword')}>
          {(control) => (
            <Input
              {...control}
              ref={refs.newPassword}
              aria-describedby={[control['aria-describedby'], checklistId]
                .filter(Boolean)
                .join(' ')}
              type="password"
              autoComplete="new-password"
              value={values.newPassword}
              onChange={(event) => set('newPassword', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Confirm New Password" error={fieldError('confirmPassword')}>
          {(control) => (
            <Input
              {...control}
              ref={refs.confirmPassword}
              type="password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(event) => set('confirmPassword', event.target.value)}
            />
          )}
        </FormField>
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
