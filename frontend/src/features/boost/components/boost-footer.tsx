import { Link } from '@tanstack/react-router';

import { isLocalCheckout } from '../checkout-kind';

/** Spec §2 /boost: the footer links to the terms and the privacy policy. */
export function BoostFooter() {
  const linkClass = 'rounded-sm underline-offset-4 hover:text-foreground hover:underline';
  return (
    <footer className="border-t">
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-3 px-4 py-8 text-sm text-muted-foreground md:flex-row md:items-center md:justify-between">
        <p>
          {isLocalCheckout()
            ? 'Payments go through this server’s test checkout: no card is asked for and no money moves.'
            : 'Payments are processed by Stripe.'}{' '}
          Boosts start once payment is confirmed and can’t be paused or refunded once active.
        </p>
        <nav aria-label="Footer">
          <ul className="flex shrink-0 gap-5 whitespace-nowrap">
            <li>
              <Link to="/termsofservice" className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacypolicy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
