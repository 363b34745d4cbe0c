import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';

import { FormField } from '@/components/form-field';
import { InputField } from '@/components/input-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/dialog-frame';
import { PendingButton } from '@/components/ui/pending-button';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { type ApiBody, apiJson, errorMessage, errorStatus } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';

import { useAdminAction } from '../api/admin-api';
import { adminAccountsQueryOptions } from '../api/admin-reads';
import { useAdminSession } from '../api/admin-session';
import type { ListSearch, SetSearch } from '../list-search';
import type { AdminAccount } from '../types';
import { AdminListPage } from './admin-list-page';
import { type Column, formatTime, StatusPill } from './admin-table';

export const ADMINS_MESSAGES = {
  currentPasswordLabel: 'Your current password',
  currentPasswordRequired: 'Please enter your current password',
  usernameRequired: 'Please enter a username',
  passwordRule: 'An admin password is 12 to 256 characters',
  failed: 'Something went wrong. Please try again.',
} as const;

const passwordRule = (password: string) =>
  password.length >= 12 && password.length <= 256 ? undefined : ADMINS_MESSAGES.passwordRule;

/**
 * Where the server's refusal belongs: a wrong or missing current password, or too many of them,
 * beside the current password; anything else (a taken username, the last admin) above the
 * buttons.
 */
function placeError(
  failure: unknown,
  form: {
    setFieldError: (field: 'currentPassword', message: string) => void;
    setFormError: (message: string) => void;
  },
) {
  const status = errorStatus(failure);
  const message =
    (status !== null && status >= 400 && status < 500 && errorMessage(failure)) ||
    ADMINS_MESSAGES.failed;
  if (status === 429 || message.startsWith('Your current password')) {
    form.setFieldError('currentPassword', message);
  } else {
    form.setFormError(message);
  }
}

function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <TriangleAlert aria-hidden="true" />
      <p>{message}</p>
    </Alert>
  );
}

/** What the Admins page asks about one admin: a new password, or disabling it. */
export type AdminAccountRequest =
  | { kind: 'password'; admin: AdminAccount; self: boolean }
  | { kind: 'disable'; admin: AdminAccount };

/**
 * The dialog of a change to an admin account: the new password or an optional reason, and the
 * acting admin's own current password, asked again each time. Errors stay in the dialog.
 */
/** What the dialog does to an admin account: a new password, or disabling it. */
type AdminAccountAction =
  | {
      id: string;
      action: 'password';
      body: ApiBody<'POST', '/api/rtm-sys/admins/{id}/password'>;
    }
  | { id: string; action: 'disable'; body: ApiBody<'POST', '/api/rtm-sys/admins/{id}/disable'> };

export function AdminAccountDialog({
  request,
  onClose,
}: {
  request: AdminAccountRequest | null;
  onClose: () => void;
}) {
  const act = useAdminAction((v: AdminAccountAction) =>
    v.action === 'password'
      ? apiJson('POST', '/api/rtm-sys/admins/{id}/password', {
          params: { path: { id: v.id } },
          body: v.body,
        })
      : apiJson('POST', '/api/rtm-sys/admins/{id}/disable', {
          params: { path: { id: v.id } },
          body: v.body,
        }),
  );
  const form = useForm({
    initialValues: { password: '', reason: '', currentPassword: '' },
    validate: ({ password, currentPassword }) => ({
      password: request?.kind === 'password' ? passwordRule(password) : undefined,
      currentPassword: currentPassword ? undefined : ADMINS_MESSAGES.currentPasswordRequired,
    }),
    mutation: act,
  });

  const close = () => {
    if (act.isPending) return;
    form.reset();
    act.reset();
    onClose();
  };

  const submit = form.handleSubmit(({ password, reason, currentPassword }) => {
    if (!request) return;
    const { admin } = request;
    act.mutate(
      request.kind === 'password'
        ? { id: admin.id, action: 'password', body: { password, currentPassword } }
        : {
            id: admin.id,
            action: 'disable',
            body: { reason: reason.trim() || null, currentPassword },
          },
      {
        onSuccess: () => {
          toast({
            title:
              request.kind === 'disable'
                ? `${admin.username} is disabled`
                : request.self
                  ? 'Your password is changed'
                  : `New password set for ${admin.username}`,
          });
          form.reset();
          act.reset();
          onClose();
        },
        onError: (failure) => placeError(failure, form),
      },
    );
  });

  const text = !request
    ? null
    : request.kind === 'disable'
      ? {
          title: `Disable ${request.admin.username}`,
          description: 'They are signed out and cannot sign in again.',
          confirm: 'Disable',
        }
      : request.self
        ? {
            title: 'Change your password',
            description:
              'Type a new password (12 to 256 characters). Your other sessions end; this one stays.',
            confirm: 'Change password',
          }
        : {
            title: `New password for ${request.admin.username}`,
            description: 'Type the new password (12 to 256 characters); their sessions end.',
            confirm: 'Set password',
          };

  return (
    <FormDialog
      open={request !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={text?.title}
      description={text?.description}
      onSubmit={submit}
      pending={act.isPending}
      lockWhilePending
      variant={request?.kind === 'disable' ? 'destructive' : 'default'}
      submitLabel={text?.confirm}
    >
      {request?.kind === 'password' ? (
        <InputField
          label="New password"
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
        />
      ) : (
        <FormField label="Reason (optional)">
          {(control) => (
            <Textarea
              {...control}
              value={form.values.reason}
              maxLength={500}
              onChange={(event) => form.setValue('reason', event.target.value)}
            />
          )}
        </FormField>
      )}
      <InputField
        label={ADMINS_MESSAGES.currentPasswordLabel}
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
      />
      <FormAlert message={form.formError} />
    </FormDialog>
  );
}

/** The form that creates an admin, asking the acting admin's current password too. */
function CreateAdminForm() {
  const create = useAdminAction((body: ApiBody<'POST', '/api/rtm-sys/admins'>) =>
    apiJson('POST', '/api/rtm-sys/admins', { body }),
  );
  const form = useForm({
    initialValues: { username: '', password: '', currentPassword: '' },
    validate: ({ username, password, currentPassword }) => ({
      username: username.trim() ? undefined : ADMINS_MESSAGES.usernameRequired,
      password: passwordRule(password),
      currentPassword: currentPassword ? undefined : ADMINS_MESSAGES.currentPasswordRequired,
    }),
    mutation: create,
  });

  const submit = form.handleSubmit(({ username, password, currentPassword }) =>
    create.mutate(
      { username: username.trim(), password, currentPassword },
      {
        onSuccess: () => {
          form.reset();
          toast({ title: 'Admin created' });
        },
        onError: (failure) => placeError(failure, form),
      },
    ),
  );

  return (
    <form
      noValidate
      aria-label="Create an admin"
      onSubmit={submit}
      className="grid gap-4 rounded-lg border bg-card p-4 text-card-foreground"
    >
      <div className="grid items-start gap-3 sm:grid-cols-3">
        <InputField label="Username" autoComplete="off" {...form.field('username')} />
        <InputField
          label="Password"
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
        />
        <InputField
          label={ADMINS_MESSAGES.currentPasswordLabel}
          type="password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
        />
      </div>
      <FormAlert message={form.formError} />
      <div>
        <PendingButton type="submit" pending={create.isPending}>
          Create admin
        </PendingButton>
      </div>
    </form>
  );
}

export function AdminsAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const query = useQuery(adminAccountsQueryOptions(search));
  const { admin: me } = useAdminSession();
  const [asking, setAsking] = useState<AdminAccountRequest | null>(null);
  const columns: Column<AdminAccount>[] = [
    { header: 'Username', cell: (a) => <span className="font-medium">{a.username}</span> },
    {
      header: 'Status',
      cell: (a) => (
        <StatusPill tone={a.status === 'active' ? 'ok' : 'muted'}>
          {a.status === 'active' ? 'Active' : 'Disabled'}
        </StatusPill>
      ),
    },
    {
      header: 'Last sign-in',
      cell: (a) => (a.lastSignedInAt ? formatTime(a.lastSignedInAt) : 'Never'),
    },
    {
      header: 'Actions',
      cell: (a) => {
        if (a.status !== 'active') return null;
        const self = a.id === me?.id;
        return (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() => setAsking({ kind: 'password', admin: a, self })}
            >
              {self ? 'Change password' : 'Reset password'}
            </Button>
            {self ? null : (
              <Button
                size="sm"
                variant="destructive"
                onClick={() => setAsking({ kind: 'disable', admin: a })}
              >
                Disable
              </Button>
            )}
          </div>
        );
      },
    },
  ];
  return (
    <AdminListPage
      title="Admins"
      controls={<CreateAdminForm />}
      columns={columns}
      query={query}
      empty="No admins."
      setSearch={setSearch}
      dialog={<AdminAccountDialog request={asking} onClose={() => setAsking(null)} />}
    />
  );
}
