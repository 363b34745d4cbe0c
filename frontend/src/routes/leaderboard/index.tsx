import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { History } from 'lucide-react';

import { PageHeading } from '@/components/page-heading';
import { RouteError } from '@/components/route-error';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { boardQueryOptions } from '@/features/leaderboard/api/boards';
import { BoardTabs } from '@/features/leaderboard/components/board-tabs';
import { PostBoard } from '@/features/leaderboard/components/post-board';
import { PostGridSkeleton } from '@/features/leaderboard/components/post-grid-skeleton';
import { SearchBox } from '@/features/leaderboard/components/search-box';
import {
  boardSelection,
  toLeaderboardSearch,
  validateLeaderboardSearch,
  type BoardSelection,
} from '@/features/leaderboard/leaderboard-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/leaderboard/')({
  validateSearch: validateLeaderboardSearch,
  loaderDeps: ({ search }) => boardSelection(search),
  loader: ({ context, deps }) =>
    context.queryClient.ensureInfiniteQueryData(boardQueryOptions(deps)),
  component: LeaderboardPage,
  pendingComponent: LeaderboardPending,
  errorComponent: (props) => <RouteError {...props} title="Could not load the leaderboard" />,
});

function LeaderboardHeading() {
  return (
    <PageHeading
      title="Leaderboard"
      description="The community’s feet, rated. Like, comment and rate your favourites."
    >
      <Link to="/leaderboard/weeks" className={buttonVariants({ variant: 'outline' })}>
        <History aria-hidden="true" />
        Past Winners
      </Link>
    </PageHeading>
  );
}

function LeaderboardPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const selection = boardSelection(search);
  useDocumentHead({
    title: 'Leaderboard – SoleScore',
    description:
      'The SoleScore leaderboard: the most recent and top rated feet, and this week’s ranking.',
    canonicalPath: '/leaderboard',
  });

  const show = (next: BoardSelection, replace = false) =>
    void navigate({ search: toLeaderboardSearch(next), replace, resetScroll: false });

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
      <LeaderboardHeading />
      <BoardTabs
        selection={selection}
        onChange={(next) => show(next)}
        toolbar={
          <SearchBox value={selection.q} onSearch={(q) => show({ ...selection, q }, true)} />
        }
      >
        <PostBoard selection={selection} />
      </BoardTabs>
    </div>
  );
}

function LeaderboardPending() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
      <LeaderboardHeading />
      <Skeleton className="h-10 w-full sm:max-w-sm" />
      <Skeleton className="h-10 w-64" />
      <p role="status" className="sr-only">
        Loading posts…
      </p>
      <PostGridSkeleton />
    </div>
  );
}
