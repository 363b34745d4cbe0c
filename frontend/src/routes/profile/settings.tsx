import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ExternalLink, MailCheck } from 'lucide-react';

import { PageHeading } from '@/components/page-heading';
import { RoutePending } from '@/components/route-status';
import { SignedOutNotice } from '@/components/signed-out-notice';
import { buttonVariants } from '@/components/ui/button';
import { WarningNotice } from '@/components/warning-notice';
import { currentProfileQueryOptions } from '@/features/profile/api/get-current-profile';
import { ProfileDetailsForm } from '@/features/profile/components/profile-details-form';
import { ProfilePictureCard } from '@/features/profile/components/profile-picture-card';
import { useSession } from '@/features/session/api/get-session';
import { requireSignedInUser } from '@/features/session/api/require-user';
import { patchSessionUser, refreshSession } from '@/features/session/api/session-cache';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/profile/settings')({
  beforeLoad: ({ context, location }) => requireSignedInUser(context.queryClient, location.href),
  loader: ({ context }) => context.queryClient.ensureQueryData(currentProfileQueryOptions()),
  component: ProfileSettingsPage,
  pendingComponent: () => <RoutePending label="Loading your profile…" />,
});

function ProfileSettingsPage() {
  const { user } = useSession();
  useDocumentHead({
    title: 'Profile Settings – SoleScore',
    description: 'Edit your SoleScore public profile: picture, display name, bio and social links.',
  });
  if (!user) return <SignedOutNotice />;
  return <ProfileSettings verified={user.emailVerified} />;
}

/** Said before the forms while the email is not verified: the server refuses a change till then. */
function VerifyFirstNotice() {
  return (
    <WarningNotice icon={MailCheck} title="Verify your email to set your profile">
      Open the link we sent you. Until then your picture, name, bio and links cannot be changed, so
      nobody can set them for an address that is not theirs.
    </WarningNotice>
  );
}

function ProfileSettings({ verified }: { verified: boolean }) {
  const queryClient = useQueryClient();
  const { data: profile } = useSuspenseQuery(currentProfileQueryOptions());

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <PageHeading title="Profile Settings" description="How you appear to others on SoleScore.">
        <Link
          to="/user/$userId"
          params={{ userId: profile.id }}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <ExternalLink aria-hidden="true" />
          View Public Profile
        </Link>
      </PageHeading>
      {verified ? null : <VerifyFirstNotice />}
      <ProfilePictureCard profile={profile} onUploaded={() => refreshSession(queryClient)} />
      <ProfileDetailsForm
        key={profile.id}
        profile={profile}
        onSaved={(saved) => patchSessionUser(queryClient, saved)}
      />
    </div>
  );
}
