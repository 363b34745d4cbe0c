import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';

import type { UnclaimedBoosts } from '@/types/api';

// Opened after posting, for an account with unused boosts only: kept out of the home page's
// first download.
const ApplyBoostDialog = lazy(() =>
  import('./apply-boost-dialog').then((module) => ({ default: module.ApplyBoostDialog })),
);

interface Offer {
  postId: string;
  unclaimed: UnclaimedBoosts;
  then: () => void;
}

/**
 * Spec §4 "After posting from results": with unused boosts, the apply dialog opens before the
 * post does; closing it (applied or not) goes on. Without any, or if they cannot be read, the
 * post opens at once.
 */
export function useBoostOfferAfterPosting() {
  const queryClient = useQueryClient();
  const [offer, setOffer] = useState<Offer | null>(null);

  const offerBoost = async (postId: string, then: () => void) => {
    let unclaimed: UnclaimedBoosts | null = null;
    try {
      // Read only once a post is made: the query's module stays out of the home page's download.
      const { unclaimedBoostsQueryOptions } = await import('../api/unclaimed-boosts');
      unclaimed = await queryClient.fetchQuery({ ...unclaimedBoostsQueryOptions(), staleTime: 0 });
    } catch {
      unclaimed = null;
    }
    if (unclaimed && unclaimed.count > 0) setOffer({ postId, unclaimed, then });
    else then();
  };

  const dialog = offer ? (
    <Suspense fallback={null}>
      <ApplyBoostDialog
        open
        postId={offer.postId}
        unclaimed={offer.unclaimed}
        onClose={() => {
          setOffer(null);
          offer.then();
        }}
      />
    </Suspense>
  ) : null;

  return { offerBoost, dialog };
}
