import { BadgeCheck, CircleAlert, UserRound } from 'lucide-react';

import type { AccountUser } from '../types';
import { SettingsSection } from './settings-section';

/** Spec §2: the email (noted as not public) and the anonymous username. */
export function AccountDetails({ user }: { user: AccountUser }) {
  return (
    <SettingsSection icon={UserRound} title="Account Information">
      <dl className="grid gap-5">
        <div className="grid gap-1">
          <dt className="text-sm font-medium text-muted-foreground">Email</dt>
          <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium [overflow-wrap:anywhere]">{user.email}</span>
            {user.emailVerified ? (
              <span className="inline-flex items-center gap-1 text-sm font-medium text-success">
                <BadgeCheck className="size-4" aria-hidden="true" />
                Verified
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 text-sm font-medium text-warning">
                <CircleAlert className="size-4" aria-hidden="true" />
                Not verified yet: open the link we emailed you
              </span>
            )}
          </dd>
          <dd className="text-sm text-muted-foreground">
            Your email is private. It is never shown on your profile or your posts.
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-sm font-medium text-muted-foreground">Anonymous username</dt>
          <dd className="font-medium [overflow-wrap:anywhere]">{user.anonymousUsername}</dd>
          <dd className="text-sm text-muted-foreground">
            Shown on your posts and comments while you have no display name. It cannot be changed.
          </dd>
        </div>
      </dl>
    </SettingsSection>
  );
}
