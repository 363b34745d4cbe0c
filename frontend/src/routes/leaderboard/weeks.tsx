import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';

import { PageHeading } from '@/components/page-heading';
import { RouteError } from '@/components/route-error';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { closedWeeksQueryOptions } from '@/features/leaderboard/api/boards';
import { ClosedWeeks } from '@/features/leaderboard/components/closed-weeks';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/leaderboard/weeks')({
  loader: ({ context }) => context.queryClient.ensureQueryData(closedWeeksQueryOptions()),
  component: PastWinnersPage,
  pendingComponent: PastWinnersPending,
  errorComponent: (props) => <RouteError {...props} title="Could not load past winners" />,
});

function PastWinnersHeading() {
  return (
    <PageHeading
      title="Past Winners"
      description="The top 5 of every weekly competition, as they stood when the week closed."
    >
      <Link to="/leaderboard" className={buttonVariants({ variant: 'outline' })}>
        <ArrowLeft aria-hidden="true" />
        Leaderboard
      </Link>
    </PageHeading>
  );
}

function PastWinnersPage() {
  const { data: weeks } = useSuspenseQuery(closedWeeksQueryOptions());
  useDocumentHead({
    title: 'Past Winners – SoleScore',
    description: 'The winners of every weekly SoleScore competition.',
    canonicalPath: '/leaderboard/weeks',
  });
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
      <PastWinnersHeading />
      <ClosedWeeks weeks={weeks} />
    </div>
  );
}

function PastWinnersPending() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
      <PastWinnersHeading />
      <p role="status" className="sr-only">
        Loading past winners…
      </p>
      {Array.from({ length: 2 }, (_, i) => (
        <Skeleton key={i} className="h-72 w-full rounded-xl" />
      ))}
    </div>
  );
}
