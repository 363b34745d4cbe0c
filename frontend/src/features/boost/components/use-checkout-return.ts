import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

import { toast } from '@/components/ui/use-toast';

import { invalidateAfterBoost } from '../api/apply-boost';
import { confirmCheckout, type CheckoutConfirmation } from '../api/confirm-checkout';
import type { BoostPageSearch, PostPageSearch } from '../checkout-return';

const NO_CHARGE = 'Your payment was cancelled. No charges were made.';

/** A session that is not paid (yet): say so instead of celebrating. */
function toastNotPaid(confirmation: CheckoutConfirmation | null): void {
  if (confirmation?.status === 'unpaid') {
    toast({
      title: 'Payment Processing',
      description: 'Your payment is still being confirmed. It will show here once it completes.',
    });
    return;
  }
  toast({
    variant: 'destructive',
    title: 'Payment Not Completed',
    description:
      confirmation?.status === 'expired'
        ? 'This checkout expired before it was paid. No charges were made.'
        : 'We could not confirm this payment. If you were charged, it will show here shortly.',
  });
}

async function confirmOrNull(sessionId: string): Promise<CheckoutConfirmation | null> {
  try {
    return await confirmCheckout(sessionId);
  } catch {
    return null;
  }
}

/**
 * Spec §4 "Payment return" on /boost: a paid donation opens the thank-you dialog and the
 * address goes back to /boost; a paid boost refreshes the unused boosts, says 'Boost Purchased!'
 * and asks at once which post to apply it to (`choosePost`); a cancelled checkout says
 * 'Boost Cancelled' (a boost's) or 'Payment Cancelled' (a donation's). Each return is handled
 * once, also under React's doubled effects.
 */
export function useBoostPageReturn(search: BoostPageSearch) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef<string | null>(null);
  const [thankYou, setThankYou] = useState<{
    amount: string | null;
    receiptUrl: string | null;
  } | null>(null);
  const [choosePost, setChoosePost] = useState(false);
  const { session_id: sessionId, type, cancelled } = search;

  useEffect(() => {
    const key = cancelled
      ? `cancelled:${type ?? ''}`
      : sessionId && type
        ? `${type}:${sessionId}`
        : null;
    if (!key || handled.current === key) return;
    handled.current = key;
    const backToBoost = () => void navigate({ to: '/boost', search: {}, replace: true });

    if (cancelled) {
      toast({
        title: type === 'boost' ? 'Boost Cancelled' : 'Payment Cancelled',
        description: NO_CHARGE,
      });
      backToBoost();
      return;
    }
    void confirmOrNull(sessionId!).then(async (confirmation) => {
      const paid = confirmation?.status === 'paid';
      if (type === 'donation') {
        if (paid)
          setThankYou({
            amount: confirmation.amount,
            receiptUrl: confirmation.receiptUrl ?? null,
          });
        else toastNotPaid(confirmation);
        backToBoost();
        return;
      }
      await invalidateAfterBoost(queryClient);
      if (!paid) {
        toastNotPaid(confirmation);
        backToBoost();
        return;
      }
      toast({
        title: 'Boost Purchased!',
        description: 'Choose the post to feature, now or later from the header.',
      });
      setChoosePost(true);
      backToBoost();
    });
  }, [sessionId, type, cancelled, navigate, queryClient]);

  return {
    /** The return is being confirmed: the address keeps its session until that is done. */
    confirming: Boolean(sessionId && type && !cancelled),
    thankYou,
    closeThankYou: () => setThankYou(null),
    /** A boost was just bought: the dialog to choose its post is open. */
    choosePost,
    closeChoosePost: () => setChoosePost(false),
  };
}

/**
 * Spec §4 on /post/{id}: boost=success (its session confirmed, so the badge shows even before
 * the webhook) or boost=cancelled shows a toast and leaves the address.
 */
export function usePostBoostReturn(search: PostPageSearch) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef<string | null>(null);
  const { boost, session_id: sessionId } = search;

  useEffect(() => {
    const key = boost ? `${boost}:${sessionId ?? ''}` : null;
    if (!key || handled.current === key) return;
    handled.current = key;
    const clearAddress = () => void navigate({ to: '.', search: {}, replace: true });

    if (boost === 'cancelled') {
      toast({ title: 'Boost Cancelled', description: NO_CHARGE });
      clearAddress();
      return;
    }
    clearAddress();
    void (sessionId ? confirmOrNull(sessionId) : Promise.resolve(null)).then(
      async (confirmation) => {
        await invalidateAfterBoost(queryClient);
        if (sessionId && confirmation?.status !== 'paid') {
          toastNotPaid(confirmation);
          return;
        }
        toast({
          title: 'Boost Purchased!',
          // The post could not take it (gone, off the leaderboard, boosted meanwhile).
          description:
            confirmation?.appliedToPost === false
              ? 'This post can no longer take a boost, so yours waits among your unused boosts, ready for another post.'
              : 'Your post is boosted: it now has featured placement on the leaderboard.',
        });
      },
    );
  }, [boost, sessionId, navigate, queryClient]);
}
