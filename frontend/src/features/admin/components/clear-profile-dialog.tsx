import { useId, useRef, useState } from 'react';

import { FormDialog } from '@/components/dialog-frame';
import { type ApiBody, apiJson, errorMessage } from '@/lib/api-client';

import { useAdminAction } from '../api/admin-api';
import type { AdminUser } from '../types';
import { ReasonField } from './reason-field';

const LINKS = [
  ['instagram', 'Instagram'],
  ['twitter', 'Twitter/X'],
  ['tiktok', 'TikTok'],
  ['youtube', 'YouTube'],
  ['snapchat', 'Snapchat'],
] as const;

type ClearBody = ApiBody<'POST', '/api/rtm-sys/users/{id}/profile/clear'>;

/** A profile field an admin may clear, its label and what it holds. */
interface ClearableField {
  field: ClearBody['fields'][number];
  label: string;
  value: string;
}

/** The profile's fields an admin may clear that the account has set, with what they hold. */
export function clearableFields(user: AdminUser): ClearableField[] {
  const fields: ClearableField[] = [];
  if (user.displayUsername) {
    fields.push({ field: 'displayUsername', label: 'Display name', value: user.displayUsername });
  }
  if (user.bio) fields.push({ field: 'bio', label: 'Bio', value: user.bio });
  for (const [platform, label] of LINKS) {
    const link = user.socialLinks?.[platform];
    if (link) fields.push({ field: `socialLinks.${platform}`, label, value: link });
  }
  if (user.profilePictureUrl) {
    fields.push({ field: 'profilePicture', label: 'Picture', value: user.profilePictureUrl });
  }
  return fields;
}

/**
 * Clears fields of an account's public profile (display name, bio, each link, picture): the
 * admin ticks them, gives a reason (kept in the audit log) and confirms.
 */
export function ClearProfileDialog({
  user,
  onClose,
}: {
  user: AdminUser | null;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<Set<ClearableField['field']>>(new Set());
  const [reason, setReason] = useState('');
  // Each error sits by what it is about: the choice of fields, or the reason.
  const [fieldsError, setFieldsError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  // The server's refusal is said in the dialog: a toast over a modal dialog would take its Escape.
  const [refusal, setRefusal] = useState<string | null>(null);
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const id = useId();
  const fieldsErrorId = `${id}-fields-error`;
  const clear = useAdminAction((body: ClearBody) =>
    apiJson('POST', '/api/rtm-sys/users/{id}/profile/clear', {
      params: { path: { id: user?.id ?? '' } },
      body,
    }),
  );
  const fields = user ? clearableFields(user) : [];
  const close = () => {
    setChosen(new Set());
    setReason('');
    setFieldsError(null);
    setReasonError(null);
    setRefusal(null);
    onClose();
  };
  const name = user?.displayUsername ?? user?.anonymousUsername ?? user?.id;

  return (
    <FormDialog
      open={user !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={<>Clear profile of {name}</>}
      description="What you clear leaves the public profile, its posts and its comments at once. The account can set it again; the audit log keeps your reason."
      className="max-h-[85dvh] overflow-y-auto sm:max-w-xl"
      // Clear of the corner's close button, and a long name wraps instead of widening the box.
      titleClassName="px-6 [overflow-wrap:anywhere] sm:px-0 sm:pr-6"
      formClassName="gap-3"
      variant="destructive"
      submitLabel="Clear selected"
      pending={clear.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        if (clear.isPending) return;
        setRefusal(null);
        if (chosen.size === 0) {
          setFieldsError('Please choose a field to clear');
          fieldset.current?.querySelector('input')?.focus();
          return;
        }
        if (reason.trim() === '') {
          setReasonError('Please give a reason');
          document.getElementById(id)?.focus();
          return;
        }
        clear.mutate(
          { fields: [...chosen], reason: reason.trim() },
          {
            onSuccess: close,
            onError: (error) => setRefusal(errorMessage(error) ?? 'Please try again.'),
          },
        );
      }}
    >
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">The profile has nothing to clear.</p>
      ) : (
        // min-w-0: a fieldset is as wide as its longest word by default, wider than a phone.
        <fieldset
          ref={fieldset}
          className="flex min-w-0 flex-col gap-2"
          aria-describedby={fieldsError ? fieldsErrorId : undefined}
        >
          <legend className="mb-1 text-sm font-medium">Fields to clear</legend>
          {fields.map(({ field, label, value }) => (
            <label key={field} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1 size-4 shrink-0 accent-destructive"
                checked={chosen.has(field)}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(field);
                  else next.delete(field);
                  setChosen(next);
                  setFieldsError(null);
                }}
              />
              <span className="min-w-0">
                <span className="font-medium">{label}</span>
                <span className="block text-muted-foreground [overflow-wrap:anywhere]">
                  {value}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {fieldsError ? (
        <p id={fieldsErrorId} className="text-sm text-destructive">
          {fieldsError}
        </p>
      ) : null}
      <ReasonField
        id={id}
        label="Reason"
        value={reason}
        error={reasonError}
        onChange={(value) => {
          setReason(value);
          setReasonError(null);
        }}
      />
      {refusal ? (
        <p role="alert" className="text-sm text-destructive">
          <span className="font-semibold">Failed to clear the profile.</span> {refusal}
        </p>
      ) : null}
    </FormDialog>
  );
}
