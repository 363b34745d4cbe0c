import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

import { PageHeading } from '@/components/page-heading';
import { RoutePending } from '@/components/route-status';
import { SignedOutNotice } from '@/components/signed-out-notice';
import { toast } from '@/components/ui/use-toast';
import { AccountDetails } from '@/features/account/components/account-details';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { NotificationSettings } from '@/features/account/components/notification-settings';
import { PurchasesSection } from '@/features/account/components/purchases-section';
import { SignedInBrowsersSection } from '@/features/account/components/signed-in-browsers-section';
import { SecurityTips } from '@/features/account/components/security-tips';
import { YourDataSection } from '@/features/account/components/your-data-section';
import { useSession } from '@/features/session/api/get-session';
import { requireSignedInUser } from '@/features/session/api/require-user';
import { clearSession, patchSessionUser } from '@/features/session/api/session-cache';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/account/settings')({
  beforeLoad: ({ context, location }) => requireSignedInUser(context.queryClient, location.href),
  component: AccountSettingsPage,
  pendingComponent: () => <RoutePending label="Loading your account…" />,
});

function AccountSettingsPage() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const navigate = useNavigate();
  // Set once the account is deleted: the page goes home instead of saying "signed out".
  const [leaving, setLeaving] = useState(false);
  useDocumentHead({
    title: 'Account Settings – SoleScore',
    description: 'Manage your SoleScore email notifications and password.',
  });

  if (!user) return leaving ? null : <SignedOutNotice />;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <PageHeading
        title="Account Settings"
        description="Manage your email notifications, password, purchases and security."
      />
      <AccountDetails user={user} />
      <NotificationSettings
        user={user}
        onUserUpdated={(updated) => patchSessionUser(queryClient, updated)}
      />
      <ChangePasswordForm />
      <PurchasesSection />
      <SignedInBrowsersSection
        onSignedOutEverywhere={() => {
          setLeaving(true);
          clearSession(queryClient);
          void navigate({ to: '/login', replace: true });
          toast({
            title: 'Signed out everywhere',
            description: 'Every browser must sign in again with your password.',
          });
        }}
      />
      <SecurityTips />
      <YourDataSection
        onAccountDeleted={() => {
          // The server has ended every session; this browser forgets the account too.
          setLeaving(true);
          clearSession(queryClient);
          void navigate({ to: '/', replace: true });
          toast({ title: 'Account deleted', description: 'Your account and your data are gone.' });
        }}
      />
    </div>
  );
}
