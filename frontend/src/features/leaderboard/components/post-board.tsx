import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { CalendarX, SearchX, TriangleAlert, Upload } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { buttonVariants } from '@/components/ui/button';
import { PendingButton } from '@/components/ui/pending-button';
import { countOf } from '@/lib/plural';

import { boardQueryOptions } from '../api/boards';
import type { BoardSelection } from '../leaderboard-search';
import { PostCard } from './post-card';
import { POST_GRID_CLASS, PostCardSkeleton } from './post-grid-skeleton';
import { useLoadMoreWhenVisible } from './use-load-more-when-visible';

/** The cards of a phone's first screen (two rows of two): their photos load first. */
const FIRST_ROWS_CARDS = 4;

function EmptyState({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        {icon}
      </span>
      <p className="text-lg font-semibold">{title}</p>
      {children}
    </div>
  );
}

/** Spec §2: the three empty states of the boards. */
function BoardEmpty({ selection }: { selection: BoardSelection }) {
  if (selection.q) {
    return (
      <EmptyState icon={<SearchX className="size-6" aria-hidden="true" />} title="No posts found">
        <p className="text-sm text-muted-foreground">Try adjusting your search terms</p>
      </EmptyState>
    );
  }
  const uploadLink = (
    <Link to="/" className={buttonVariants()}>
      <Upload aria-hidden="true" />
      Upload a Photo
    </Link>
  );
  if (selection.tab === 'week') {
    return (
      <EmptyState
        icon={<CalendarX className="size-6" aria-hidden="true" />}
        title="No submissions this week"
      >
        <p className="text-sm text-muted-foreground">
          The weekly board resets every Monday. Post yours and take the top spot.
        </p>
        {uploadLink}
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={<Upload className="size-6" aria-hidden="true" />}
      title="Be the first to upload!"
    >
      <p className="text-sm text-muted-foreground">No one has posted to the leaderboard yet.</p>
      {uploadLink}
    </EmptyState>
  );
}

/**
 * A board's posts, loaded page by page as the visitor scrolls (the next page's address comes
 * from the server's `Link` header). A "Load more" button does the same for keyboards and for
 * browsers without IntersectionObserver; a failed page offers a retry and stops auto-loading.
 */
export function PostBoard({ selection }: { selection: BoardSelection }) {
  const board = useSuspenseInfiniteQuery(boardQueryOptions(selection));
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = board;
  const canAutoLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const sentinel = useLoadMoreWhenVisible<HTMLDivElement>(canAutoLoad, () => {
    void fetchNextPage();
  });

  const posts = board.data.pages.flatMap((page) => page.items);
  const weekly = selection.tab === 'week';

  if (posts.length === 0 && !hasNextPage) return <BoardEmpty selection={selection} />;

  return (
    <div className="flex flex-col gap-6">
      <ul className={POST_GRID_CLASS} aria-label={weekly ? 'This week’s posts' : 'Posts'}>
        {posts.map((post, index) => (
          <li key={post.id}>
            <PostCard post={post} showRank={weekly} priority={index < FIRST_ROWS_CARDS} />
          </li>
        ))}
        {isFetchingNextPage
          ? Array.from({ length: 5 }, (_, i) => (
              <li key={`loading-${i}`} aria-hidden="true">
                <PostCardSkeleton />
              </li>
            ))
          : null}
      </ul>

      <div ref={sentinel} className="flex flex-col items-center gap-3">
        {isFetchNextPageError ? (
          <p role="alert" className="flex items-center gap-2 text-sm font-medium text-destructive">
            <TriangleAlert className="size-4" aria-hidden="true" />
            More posts could not be loaded.
          </p>
        ) : null}
        {hasNextPage ? (
          <PendingButton
            variant="outline"
            pending={isFetchingNextPage}
            pendingLabel="Loading more posts…"
            onClick={() => void fetchNextPage()}
          >
            {isFetchNextPageError ? 'Try again' : 'Load more posts'}
          </PendingButton>
        ) : posts.length > 0 ? (
          <p className="text-sm text-muted-foreground">You’ve reached the end.</p>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {isFetchingNextPage ? 'Loading more posts' : `${countOf(posts.length, 'post')} shown`}
      </p>
    </div>
  );
}
