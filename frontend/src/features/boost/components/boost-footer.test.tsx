// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderPage } from '@/test/render';

import { BoostFooter } from './boost-footer';
import { BoostHowItWorks } from './boost-how-it-works';

afterEach(() => {
  cleanup();
  document.head.querySelector('meta[name="checkout"]')?.remove();
});

describe('the boost page’s words on paying', () => {
  it('name Stripe where the server pays through it', async () => {
    await renderPage(
      <>
        <BoostHowItWorks />
        <BoostFooter />
      </>,
    );

    expect(screen.getByText(/^Payments are processed by Stripe\./)).toBeTruthy();
    expect(screen.getByText('Choose a boost and pay securely with Stripe Checkout.')).toBeTruthy();
    expect(screen.queryByText(/test checkout/)).toBeNull();
  });

  it('name the test checkout where the server marks its page so, and no Stripe', async () => {
    const marker = document.createElement('meta');
    marker.name = 'checkout';
    marker.content = 'local';
    document.head.append(marker);

    await renderPage(
      <>
        <BoostHowItWorks />
        <BoostFooter />
      </>,
    );

    expect(
      screen.getByText(/^Payments go through this server’s test checkout: no card is asked for/),
    ).toBeTruthy();
    expect(
      screen.getByText('Choose a boost and pay in the test checkout: no money moves.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Stripe/)).toBeNull();
  });
});
