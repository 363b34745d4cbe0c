import { Trash2 } from 'lucide-react';
import { useState } from 'react';

import { InputField } from '@/components/input-field';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/dialog-frame';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';

import { useDeleteAccount } from '../api/delete-account';

export const DELETE_ACCOUNT_MESSAGES = {
  passwordRequired: 'Please enter your password to delete your account',
  failed: 'Could not delete your account. Please try again.',
} as const;

/**
 * "Delete account": a dialog that says what goes and asks for the password again. Errors stay
 * in the dialog, next to the password (wrong password, too many attempts, a failure).
 */
export function DeleteAccountDialog({ onDeleted }: { onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const form = useForm({
    initialValues: { password: '' },
    validate: ({ password }) =>
      password ? {} : { password: DELETE_ACCOUNT_MESSAGES.passwordRequired },
    mutation: remove,
  });

  const changeOpen = (next: boolean) => {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      form.reset();
      remove.reset();
    }
  };

  const submit = form.handleSubmit(({ password }) =>
    remove.mutate(password, {
      onSuccess: () => {
        setOpen(false);
        onDeleted();
      },
      onError: (failure) => {
        const status = errorStatus(failure);
        const known = status !== null && status >= 400 && status < 500;
        form.setFieldError(
          'password',
          (known && errorMessage(failure)) || DELETE_ACCOUNT_MESSAGES.failed,
        );
        form.inputRef('password').current?.select();
      },
    }),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button variant="destructive" className="shrink-0">
          <Trash2 aria-hidden="true" />
          Delete account
        </Button>
      }
      title="Delete your account?"
      description={
        <>
          Your account, your posts, comments and profile pictures are deleted, and everything the
          app recorded about you becomes unreadable. Likes and ratings you gave stay as anonymous
          counts. You will be signed out everywhere. This cannot be undone.
        </>
      }
      onSubmit={submit}
      variant="destructive"
      pending={remove.isPending}
      pendingLabel="Deleting..."
      lockWhilePending
      submitLabel="Delete my account"
    >
      <InputField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
        readOnly={remove.isPending}
      />
    </FormDialog>
  );
}
