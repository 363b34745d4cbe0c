import { useId } from 'react';

import { InputField } from '@/components/input-field';
import { PasswordChecklist } from '@/components/password-checklist';
import type { PasswordChecks } from '@/lib/password-rules';
import type { TextFieldProps } from '@/lib/use-form';

/**
 * A new password, its confirmation and the live checklist under them (spec §2/§5), as the
 * register, reset-password and choose-password forms ask for it; the password field is
 * described by the checklist.
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  checks,
  labels = { password: 'Password', confirmPassword: 'Confirm Password' },
}: {
  password: TextFieldProps;
  confirmPassword: TextFieldProps;
  checks: PasswordChecks;
  labels?: { password: string; confirmPassword: string };
}) {
  const checklistId = useId();
  return (
    <>
      <InputField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        {...password}
        describedBy={checklistId}
      />
      <InputField
        label={labels.confirmPassword}
        type="password"
        autoComplete="new-password"
        {...confirmPassword}
      />
      <PasswordChecklist id={checklistId} checks={checks} />
    </>
  );
}
