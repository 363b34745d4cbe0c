import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';

import { PageHeading } from '@/components/page-heading';
import { RouteError } from '@/components/route-error';
import { SignedOutNotice } from '@/components/signed-out-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { ownPostsQueryOptions } from '@/features/my-posts/api/own-posts';
import { OwnPostGrid } from '@/features/my-posts/components/own-post-grid';
import { postsSummary } from '@/features/my-posts/posts-summary';
import type { OwnPost } from '@/features/my-posts/types';
import { useSession } from '@/features/session/api/get-session';
import { requireSignedInUser } from '@/features/session/api/require-user';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/my-posts')({
  beforeLoad: ({ context, location }) => requireSignedInUser(context.queryClient, location.href),
  loader: ({ context }) => context.queryClient.ensureQueryData(ownPostsQueryOptions()),
  component: MyPostsPage,
  pendingComponent: MyPostsPending,
  errorComponent: (props) => <RouteError {...props} title="Could not load your posts" />,
});

function MyPostsHeading({ posts }: { posts?: readonly OwnPost[] }) {
  return <PageHeading title="My Posts" description={postsSummary(posts ?? [])} />;
}

function MyPostsPage() {
  const { user } = useSession();
  // Not suspense: the loader filled the cache, and a refetch on focus must not blank the page.
  const posts = useQuery({ ...ownPostsQueryOptions(), enabled: user !== null });
  useDocumentHead({
    title: 'My Posts – SoleScore',
    description: 'Your SoleScore posts, their ratings, likes and comments.',
  });

  if (!user) return <SignedOutNotice />;
  if (!posts.data) return <MyPostsPending />;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
      <MyPostsHeading posts={posts.data} />
      <OwnPostGrid posts={posts.data} />
    </div>
  );
}

function MyPostsPending() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
      <MyPostsHeading />
      <p role="status" className="sr-only">
        Loading your posts…
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="aspect-square rounded-xl" />
        ))}
      </div>
    </div>
  );
}
