import { useMutation } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';
import type { BoostType } from '@/types/api';

/** `POST /api/checkout/confirm`: what the payment provider says of a returning session. */
export interface CheckoutConfirmation {
  status: 'paid' | 'unpaid' | 'expired';
  kind: 'boost' | 'donation';
  boostType?: BoostType;
  postId?: string;
  /** Dollars, "5.00". */
  amount: string;
}

/** Asks the server to look the session up and fulfil it if paid (idempotent with the webhook). */
export async function confirmCheckout(sessionId: string): Promise<CheckoutConfirmation> {
  return apiJson<CheckoutConfirmation>('POST', '/api/checkout/confirm', { sessionId });
}

export function useConfirmCheckout() {
  return useMutation({ mutationFn: confirmCheckout });
}
