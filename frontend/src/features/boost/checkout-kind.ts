/**
 * Whether boosts are paid through the server's own test checkout (no Stripe keys set), which
 * takes no money: the server marks its page so (backend/src/api/payments/local-checkout-mark.ts).
 * The boost pages are drawn in the browser only, so reading the page is safe at render.
 */
export function isLocalCheckout(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.querySelector('meta[name="checkout"][content="local"]') !== null
  );
}
