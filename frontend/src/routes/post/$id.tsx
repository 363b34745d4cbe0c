import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

import { RouteError } from '@/components/route-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { postPageSearch, type PostPageSearch } from '@/features/boost/checkout-return';
import { PostBoostActions } from '@/features/boost/components/post-boost-actions';
import { usePostBoostReturn } from '@/features/boost/components/use-checkout-return';
import { commentsQueryOptions } from '@/features/comments/api/comments';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { postQueryOptions } from '@/features/post/api/get-post';
import { PostDetail } from '@/features/post/components/post-detail';
import { PostNotFound } from '@/features/post/components/post-not-found';
import { PostedShareCall } from '@/features/post/components/posted-share-call';
import { useSession } from '@/features/session/api/get-session';
import { orNotFound } from '@/lib/or-not-found';
import { formatScore } from '@/lib/score';
import { useDocumentHead } from '@/lib/use-document-head';
import { authorName } from '@/types/api';

export const Route = createFileRoute('/post/$id')({
  // `posted=1`: its author arrives right after publishing it (see ResultStep).
  validateSearch: (search: Record<string, unknown>): PostPageSearch & { posted?: 1 } => ({
    ...postPageSearch(search),
    posted: search.posted === 1 || search.posted === '1' ? 1 : undefined,
  }),
  loader: ({ context, params }) => {
    // The thread (with the viewer's likes) is asked for beside the post, not once the post has
    // come: both are painted after one round trip. A failed thread shows in its section.
    void context.queryClient.prefetchQuery(commentsQueryOptions(params.id));
    return orNotFound(context.queryClient.ensureQueryData(postQueryOptions(params.id)));
  },
  component: PostPage,
  pendingComponent: PostPending,
  errorComponent: PostError,
  notFoundComponent: PostMissing,
});

const COMMENTS_ID = 'comments';

function PostPage() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const queryClient = useQueryClient();
  const { data: post } = useSuspenseQuery(postQueryOptions(id));
  const { user } = useSession();
  usePostBoostReturn(search);
  const justPosted = useJustPosted(search.posted === 1);

  const rating = post.averageRating === null ? 'Unrated' : `${formatScore(post.averageRating)}/10`;
  useDocumentHead({
    title: `${rating} by ${authorName(post)} – SoleScore`,
    description: `A photo rated ${rating} on SoleScore. Like, comment and add your own rating.`,
    canonicalPath: `/post/${encodeURIComponent(id)}`,
  });

  const viewer = user ? { id: user.id } : null;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:py-10">
      {/* A post held for a look is seen by its author alone: nothing to share yet. */}
      {justPosted && user?.id === post.userId && !post.heldForReview ? (
        <PostedShareCall postId={post.id} rating={post.averageRating} />
      ) : null}
      <PostDetail
        post={post}
        viewer={viewer}
        commentsAnchor={COMMENTS_ID}
        ownerActions={
          // A boost starts only on a post on the leaderboard: a hidden or held one offers none.
          post.isBoosted || (post.isPublic && !post.heldForReview) ? (
            <PostBoostActions postId={post.id} isBoosted={post.isBoosted} />
          ) : null
        }
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

/**
 * Whether the page was opened right after publishing (`posted=1`): kept for the visit while the
 * flag leaves the address, so a reload or a shared link does not show the call again.
 */
function useJustPosted(posted: boolean): boolean {
  const navigate = useNavigate();
  const [justPosted] = useState(posted);
  useEffect(() => {
    if (!posted) return;
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, posted: undefined }),
      replace: true,
    });
  }, [posted, navigate]);
  return justPosted;
}

function PostPending() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:py-10">
      <div className="flex items-center gap-3 text-muted-foreground">
        <Spinner />
        <span role="status">Loading post…</span>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[3fr_2fr]">
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
  useDocumentHead({
    title: 'Post unavailable – SoleScore',
    description: 'This SoleScore post could not be shown.',
  });
  return <RouteError {...props} title="Could not load this post" />;
}

/** A missing, hidden or removed post (the api's 404, see orNotFound). */
function PostMissing() {
  useDocumentHead({
    title: 'Post not found – SoleScore',
    description: 'This SoleScore post could not be shown.',
  });
  return <PostNotFound />;
}
