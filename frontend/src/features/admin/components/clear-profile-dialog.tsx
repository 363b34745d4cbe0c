import { useId, useState } from 'react';

import { FormDialog } from '@/components/dialog-frame';

import { useAdminAction } from '../api/admin-api';
import type { AdminUser } from '../types';
import { failed } from './admin-toasts';
import { ReasonField } from './reason-field';

const LINKS = [
  ['instagram', 'Instagram'],
  ['twitter', 'Twitter/X'],
  ['tiktok', 'TikTok'],
  ['youtube', 'YouTube'],
  ['snapchat', 'Snapchat'],
] as const;

/** The profile's fields an admin may clear that the account has set, with what they hold. */
export function clearableFields(
  user: AdminUser,
): { field: string; label: string; value: string }[] {
  const fields: { field: string; label: string; value: string }[] = [];
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
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const clear = useAdminAction((body: { fields: string[]; reason: string }) => ({
    method: 'POST',
    path: `/users/${encodeURIComponent(user?.id ?? '')}/profile/clear`,
    body,
  }));
  const fields = user ? clearableFields(user) : [];
  const close = () => {
    setChosen(new Set());
    setReason('');
    setError(null);
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
      formClassName="gap-3"
      variant="destructive"
      submitLabel="Clear selected"
      pending={clear.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.size === 0) {
          setError('Please choose a field to clear');
          return;
        }
        if (reason.trim() === '') {
          setError('Please give a reason');
          return;
        }
        clear.mutate(
          { fields: [...chosen], reason: reason.trim() },
          { onSuccess: close, onError: failed('Failed to clear the profile') },
        );
      }}
    >
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">The profile has nothing to clear.</p>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Fields to clear</legend>
          {fields.map(({ field, label, value }) => (
            <label key={field} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1 size-4 accent-destructive"
                checked={chosen.has(field)}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(field);
                  else next.delete(field);
                  setChosen(next);
                  setError(null);
                }}
              />
              <span className="min-w-0">
                <span className="font-medium">{label}</span>
                <span className="block break-words text-muted-foreground">{value}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <ReasonField
        id={id}
        label="Reason"
        value={reason}
        error={error}
        onChange={(value) => {
          setReason(value);
          setError(null);
        }}
      />
    </FormDialog>
  );
}
