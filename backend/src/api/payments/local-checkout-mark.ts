import { withHeadTags } from '../share/page-head';

/**
 * Where no Stripe keys are set, boosts are paid through the server's own test checkout, which
 * takes no money: the app's page says so with this marker, and the boost pages read it to name
 * the checkout that runs (frontend/src/features/boost/checkout-kind.ts).
 */
export const LOCAL_CHECKOUT_MARKER = '<meta name="checkout" content="local" />';

/** index.html marked as paying through the local test checkout. */
export function markLocalCheckout(indexHtml: string): string {
  return withHeadTags(indexHtml, `  ${LOCAL_CHECKOUT_MARKER}\n  `) ?? indexHtml;
}
