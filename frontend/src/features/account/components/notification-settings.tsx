import { Bell } from 'lucide-react';
import { useId, useState } from 'react';

import { SuccessBanner } from '@/components/success-banner';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useTransientMessage } from '@/lib/use-transient-message';

import { useUpdateEmailPreferences } from '../api/update-email-preferences';
import { preferencesOf, type AccountUser, type EmailPreferences } from '../types';
import { SettingsSection } from './settings-section';

const SWITCHES: { key: keyof EmailPreferences; label: string; description: string }[] = [
  {
    key: 'emailNotificationsRating',
    label: 'Rating notifications',
    description: 'Email me when someone rates one of my posts.',
  },
  {
    key: 'emailNotificationsComment',
    label: 'Comment notifications',
    description: 'Email me when someone comments on my posts or replies to me.',
  },
  {
    key: 'emailNotificationsAchievements',
    label: 'Achievement notifications',
    description: 'Email me about leaderboard placements and weekly competitions.',
  },
];

function SwitchRow({
  label,
  description,
  checked,
  disabled,
  onCheckedChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-description`}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        className="mt-0.5"
      />
    </div>
  );
}

/**
 * Spec §2 /account/settings: three email notification switches. A change is saved at once;
 * the switch shows the new position while saving and returns if saving fails.
 */
export function NotificationSettings({
  user,
  onUserUpdated,
}: {
  user: AccountUser;
  onUserUpdated: (user: AccountUser) => void;
}) {
  const update = useUpdateEmailPreferences();
  const [saving, setSaving] = useState<EmailPreferences | null>(null);
  const banner = useTransientMessage();
  const shown = saving ?? preferencesOf(user);

  const change = (key: keyof EmailPreferences, value: boolean) => {
    const next = { ...shown, [key]: value };
    setSaving(next);
    banner.clear();
    update.mutate(next, {
      onSuccess: (updated) => {
        onUserUpdated(updated);
        banner.show('Notification preferences saved.');
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to Update Preferences',
          description: errorMessage(error) ?? 'Please try again',
        }),
      onSettled: () => setSaving(null),
    });
  };

  return (
    <SettingsSection
      icon={Bell}
      title="Email Notifications"
      description="Choose which emails we send you. Account emails (verification, password reset) are always sent."
    >
      <SuccessBanner message={banner.message} />
      <div className="grid gap-3">
        {SWITCHES.map((item) => (
          <SwitchRow
            key={item.key}
            label={item.label}
            description={item.description}
            checked={shown[item.key]}
            disabled={update.isPending}
            onCheckedChange={(value) => change(item.key, value)}
          />
        ))}
      </div>
    </SettingsSection>
  );
}
