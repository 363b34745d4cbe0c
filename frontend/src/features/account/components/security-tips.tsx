import { ShieldCheck } from 'lucide-react';

import { SettingsSection } from './settings-section';

const TIPS = [
  'Use a long passphrase of at least 8 characters; length beats complexity.',
  'Never reuse a password from another site or app.',
  'Changing your password signs you out on all your other devices.',
  'SoleScore will never ask for your password by email or message.',
  'Log out when you use a shared or public device.',
];

export function SecurityTips() {
  return (
    <SettingsSection icon={ShieldCheck} title="Security Tips">
      <ul className="grid list-disc gap-2 pl-5 text-sm text-muted-foreground marker:text-primary">
        {TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </SettingsSection>
  );
}
