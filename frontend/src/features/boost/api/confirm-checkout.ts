import { apiJson } from '@/lib/api-client';
import type { Schema } from '@/lib/api/schema';

/** `POST /api/checkout/confirm`: what the payment provider says of a returning session. */
export type CheckoutConfirmation = Schema<'CheckoutConfirmationResponse'>;

/** Asks the server to look the session up and fulfil it if paid (idempotent with the webhook). */
export async function confirmCheckout(sessionId: string): Promise<CheckoutConfirmation> {
  return apiJson('POST', '/api/checkout/confirm', { body: { sessionId } });
}
