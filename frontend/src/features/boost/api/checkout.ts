import { apiJson } from '@/lib/api-client';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';
import type { BoostType } from '@/types/api';

/** POST /api/boost/checkout: a boost for the account, unclaimed until applied. */
export async function createBoostCheckout(boostType: BoostType): Promise<{ url: string }> {
  return apiJson('POST', '/api/boost/checkout', { body: { boostType } });
}

/** POST /api/posts/{id}/boost: a boost that applies itself to the post once paid. */
export async function createPostBoostCheckout(input: {
  postId: string;
  boostType: BoostType;
}): Promise<{ checkoutUrl: string }> {
  return apiJson('POST', '/api/posts/{id}/boost', {
    params: { path: { id: input.postId } },
    body: { boostType: input.boostType },
  });
}

/** POST /api/donations/checkout with an integer number of cents (100 to 100000). */
export async function createDonationCheckout(amountCents: number): Promise<{ url: string }> {
  return apiJson('POST', '/api/donations/checkout', { body: { amount: amountCents } });
}

/** The browser leaves for the payment page (a seam the component tests replace). */
export const checkoutNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};

export function useBoostCheckout() {
  return useSingleFlightMutation({
    mutationFn: createBoostCheckout,
    onSuccess: ({ url }) => checkoutNavigation.go(url),
  });
}

export function usePostBoostCheckout() {
  return useSingleFlightMutation({
    mutationFn: createPostBoostCheckout,
    onSuccess: ({ checkoutUrl }) => checkoutNavigation.go(checkoutUrl),
  });
}

export function useDonationCheckout() {
  return useSingleFlightMutation({
    mutationFn: createDonationCheckout,
    onSuccess: ({ url }) => checkoutNavigation.go(url),
  });
}
