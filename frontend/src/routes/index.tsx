import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

import { useBoostOfferAfterPosting } from '@/features/boost/components/boost-offer-after-posting';
import { useSession } from '@/features/session/api/get-session';
import { homeSummaryQueryOptions } from '@/features/this-week/api/this-week';
import { Hero } from '@/features/upload/components/hero';
import { HomeFooter } from '@/features/upload/components/home-footer';
import { UploadFlow } from '@/features/upload/components/upload-flow';
import { useDocumentHead } from '@/lib/use-document-head';

// Publishes a rating saved before signing up: only a member can have one to publish.
const PendingRatingPublisher = lazy(() =>
  import('@/features/upload/components/pending-rating-publisher').then((module) => ({
    default: module.PendingRatingPublisher,
  })),
);

// This week's top three and counts: fetched after the first paint, in a chunk of its own, so
// the first page's script stays within its budget.
const HomeThisWeek = lazy(() =>
  import('@/features/this-week/components/home-this-week').then((module) => ({
    default: module.HomeThisWeek,
  })),
);

// Below the fold (and, on a first visit, behind the age gate): in the server's HTML, and in a
// chunk of their own for the script, fetched as the page hydrates.
const HomeExplainers = lazy(() =>
  import('@/features/upload/components/home-explainers').then((module) => ({
    default: module.HomeExplainers,
  })),
);

export const Route = createFileRoute('/')({
  // The home page is most visitors' first page: it comes with the first download instead of
  // as a chunk fetched after it, which saves a round trip before anything shows.
  codeSplitGroupings: [],
  // The week's top three are asked for at once, not awaited: the server's render waits for them
  // (they are in the page's HTML, readable without a script), a navigation here does not.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(homeSummaryQueryOptions());
  },
  component: HomePage,
});

function HomePage() {
  const { user, isLoading } = useSession();
  const boostOffer = useBoostOfferAfterPosting();
  useDocumentHead({
    title: 'SoleScore – Get your feet rated by AI',
    description:
      'Upload a photo of your feet and get an instant AI rating out of 10 with category scores and a comment. Entertainment for adults 18+.',
    canonicalPath: '/',
  });

  return (
    <>
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-12 px-4 py-10 sm:gap-16 sm:py-14">
        <Hero />
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
          {user ? (
            <Suspense fallback={null}>
              <PendingRatingPublisher isSignedIn />
            </Suspense>
          ) : null}
          <UploadFlow
            isSignedIn={user !== null}
            isSessionLoading={isLoading}
            onPublished={(postId, openPost) => void boostOffer.offerBoost(postId, openPost)}
          />
          {boostOffer.dialog}
        </div>
        <Suspense fallback={<div className="min-h-80" aria-busy="true" />}>
          <HomeThisWeek />
        </Suspense>
        <Suspense fallback={null}>
          <HomeExplainers />
        </Suspense>
      </div>
      <HomeFooter session={isLoading ? 'checking' : user ? 'signed-in' : 'signed-out'} />
    </>
  );
}
