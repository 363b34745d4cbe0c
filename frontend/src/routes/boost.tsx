import { createFileRoute } from '@tanstack/react-router';

import { Spinner } from '@/components/ui/spinner';
import { boostPageSearch } from '@/features/boost/checkout-return';
import { BoostFooter } from '@/features/boost/components/boost-footer';
import { BoostHowItWorks } from '@/features/boost/components/boost-how-it-works';
import { BoostPlans } from '@/features/boost/components/boost-plans';
import { DonationCard } from '@/features/boost/components/donation-card';
import { ThankYouDialog } from '@/features/boost/components/thank-you-dialog';
import { unusedBoostsLabel } from '@/features/boost/components/unused-boosts-badge';
import { UnusedBoostsDialog } from '@/features/boost/components/unused-boosts-dialog';
import { useBoostPageReturn } from '@/features/boost/components/use-checkout-return';
import { useUnclaimedBoosts } from '@/features/boost/api/unclaimed-boosts';
import { useSession } from '@/features/session/api/get-session';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/boost')({
  validateSearch: boostPageSearch,
  component: BoostPage,
});

function BoostPage() {
  const search = Route.useSearch();
  const { user } = useSession();
  const { confirming, thankYou, closeThankYou, choosePost, closeChoosePost } =
    useBoostPageReturn(search);
  const unclaimed = useUnclaimedBoosts(user !== null).data;
  useDocumentHead({
    title: 'Boost your post – SoleScore',
    description:
      'Feature your post at the top of the SoleScore leaderboard: a regular boost for 24 hours or a mega boost for 7 days. Or support the site with a donation.',
    canonicalPath: '/boost',
  });

  return (
    <>
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-10 px-4 py-8 sm:py-12">
        <div className="flex flex-col gap-2 text-center">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Boost Your Post</h1>
          <p className="mx-auto max-w-2xl text-muted-foreground">
            Get featured on the leaderboard. Boosted posts rank above the rest; mega boosts rank
            above regular ones.
          </p>
        </div>
        {confirming ? (
          <div role="status" className="flex items-center justify-center gap-2 text-sm">
            <Spinner className="size-4" />
            Confirming your payment…
          </div>
        ) : null}
        <BoostPlans signedIn={user !== null} />
        <BoostHowItWorks />
        <DonationCard />
      </div>
      <BoostFooter />
      {choosePost && unclaimed && unclaimed.count > 0 ? (
        <UnusedBoostsDialog
          title="Choose a post to boost"
          label={unusedBoostsLabel(unclaimed.count)}
          boosts={unclaimed.boosts}
          onClose={closeChoosePost}
        />
      ) : null}
      <ThankYouDialog
        open={thankYou !== null}
        amount={thankYou?.amount}
        receiptUrl={thankYou?.receiptUrl}
        onOpenChange={(open) => {
          if (!open) closeThankYou();
        }}
      />
    </>
  );
}
