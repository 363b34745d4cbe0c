import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';

import { RouteError } from '@/components/route-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { publicProfileQueryOptions } from '@/features/profile/api/get-public-profile';
import { PublicProfileView } from '@/features/profile/components/public-profile-view';
import { UserNotFound } from '@/features/profile/components/user-not-found';
import { profileName } from '@/features/profile/profile-name';
import { orNotFound } from '@/lib/or-not-found';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/user/$userId')({
  loader: ({ context, params }) =>
    orNotFound(context.queryClient.ensureQueryData(publicProfileQueryOptions(params.userId))),
  component: PublicProfilePage,
  pendingComponent: PublicProfilePending,
  errorComponent: PublicProfileError,
  notFoundComponent: PublicProfileMissing,
});

function PublicProfilePage() {
  const { userId } = Route.useParams();
  const { data: profile } = useSuspenseQuery(publicProfileQueryOptions(userId));
  const name = profileName(profile.user);
  useDocumentHead({
    title: `${name} – SoleScore`,
    description: `${name}’s SoleScore profile and posts.`,
    canonicalPath: `/user/${encodeURIComponent(userId)}`,
  });
  return <PublicProfileView profile={profile} />;
}

function PublicProfilePending() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-10">
      <div className="flex items-center gap-3 text-muted-foreground">
        <Spinner />
        <span role="status">Loading profile…</span>
      </div>
      <div className="flex flex-col items-center gap-6 rounded-xl border p-8 sm:flex-row">
        <Skeleton className="size-28 rounded-full" />
        <div className="flex w-full flex-col gap-3">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-4 w-full max-w-md" />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="aspect-square" />
        ))}
      </div>
    </div>
  );
}

function PublicProfileError(props: ErrorComponentProps) {
  useDocumentHead({
    title: 'Profile unavailable – SoleScore',
    description: 'This SoleScore profile could not be shown.',
  });
  return <RouteError {...props} title="Could not load this profile" />;
}

/** A missing, hidden or erased profile (the api's 404, see orNotFound). */
function PublicProfileMissing() {
  useDocumentHead({
    title: 'User Not Found – SoleScore',
    description: 'This SoleScore profile could not be shown.',
  });
  return <UserNotFound />;
}
