import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';

import { RouteError } from '@/components/route-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { postPageSearch } from '@/features/boost/checkout-return';
import { PostBoostActions } from '@/features/boost/components/post-boost-actions';
import { usePostBoostReturn } from '@/features/boost/components/use-checkout-return';
import { commentsQueryOptions } from '@/features/comments/api/comments';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { postQueryOptions } from '@/features/post/api/get-post';
import { PostDetail } from '@/features/post/components/post-detail';
import { PostNotFound } from '@/features/post/components/post-not-found';
import { useSession } from '@/features/session/api/get-session';
import { errorStatus } from '@/lib/api-client';
import { formatScore } from '@/lib/score';
import { useDocumentHead } from '@/lib/use-document-head';
import { authorName } from '@/types/api';

export const Route = createFileRoute('/post/$id')({
  validateSearch: postPageSearch,
  loader: ({ context, params }) => {
    // The thread (with the viewer's likes) is asked for beside the post, not once the post has
    // come: both are painted after one round trip. A failed thread shows in its section.
    void context.queryClient.prefetchQuery(commentsQueryOptions(params.id));
    return context.queryClient.ensureQueryData(postQueryOptions(params.id));
  },
  component: PostPage,
  pendingComponent: PostPending,
  errorComponent: PostError,
});

const COMMENTS_ID = 'comments';

function PostPage() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const queryClient = useQueryClient();
  const { data: post } = useSuspenseQuery(postQueryOptions(id));
  const { user } = useSession();
  usePostBoostReturn(search);

  const rating = post.averageRating === null ? 'Unrated' : `${formatScore(post.averageRating)}/10`;
  useDocumentHead({
    title: `${rating} by ${authorName(post)} – SoleScore`,
    description: `A photo rated ${rating} on SoleScore. Like, comment and add your own rating.`,
    canonicalPath: `/post/${encodeURIComponent(id)}`,
  });

  const viewer = user ? { id: user.id } : null;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:py-10">
      <PostDetail
        post={post}
        viewer={viewer}
        commentsAnchor={COMMENTS_ID}
        ownerActions={<PostBoostActions postId={post.id} isBoosted={post.isBoosted} />}
      />
      <CommentsSection
        id={COMMENTS_ID}
        postId={post.id}
        viewer={viewer}
        onChanged={() =>
          void queryClient.invalidateQueries({
            queryKey: postQueryOptions(id).queryKey,
            exact: true,
          })
        }
      />
    </div>
  );
}

function PostPending() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:py-10">
      <div className="flex items-center gap-3 text-muted-foreground">
        <Spinner />
        <span role="status">Loading post…</span>
      </div>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Skeleton className="aspect-square w-full rounded-xl" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-44 rounded-xl" />
          <Skeleton className="h-20 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      </div>
    </div>
  );
}

function PostError(props: ErrorComponentProps) {
  const notFound = errorStatus(props.error) === 404;
  useDocumentHead({
    title: notFound ? 'Post not found – SoleScore' : 'Post unavailable – SoleScore',
    description: 'This SoleScore post could not be shown.',
  });
  if (notFound) return <PostNotFound />;
  return <RouteError {...props} title="Could not load this post" />;
}
