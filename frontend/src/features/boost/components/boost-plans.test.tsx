// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, findToast, renderPage, sentBody, stubFetch } from '@/test/render';

import { checkoutNavigation } from '../api/checkout';
import { BoostPlans } from './boost-plans';

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPlans(
  signedIn: boolean,
  reply = () => answer(200, { url: 'https://pay.test/cs_b' }),
) {
  const fetchMock = stubFetch(reply);
  const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => {});
  const page = await renderPage(<BoostPlans signedIn={signedIn} />);
  return { ...page, fetchMock, go };
}

describe('BoostPlans', () => {
  it('shows both plans with their prices and durations', async () => {
    await renderPlans(false);
    const regular = screen.getByRole('region', { name: 'Regular Boost' });
    const mega = screen.getByRole('region', { name: 'Mega Boost' });
    expect(regular.textContent).toContain('$1.99');
    expect(regular.textContent).toContain('24 hours');
    expect(mega.textContent).toContain('$9.99');
    expect(mega.textContent).toContain('7 days');
    expect(mega.textContent).toContain('Ranks above regular boosts');
  });

  it('asks a visitor to sign up instead of opening a checkout', async () => {
    const { user, fetchMock, go } = await renderPlans(false);
    await user.click(screen.getByRole('button', { name: 'Buy Mega Boost – $9.99' }));
    await findToast('Sign Up to Continue');
    expect(screen.getAllByText('Account required to boost posts').length).toBeGreaterThan(0);
    expect((await screen.findByRole('link', { name: 'Sign Up' })).getAttribute('href')).toBe(
      '/register',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
  });

  it.each(['regular', 'mega'] as const)(
    'opens a %s checkout for a member and leaves for the answered address',
    async (boostType) => {
      const { user, fetchMock, go } = await renderPlans(true);
      const name = boostType === 'mega' ? 'Buy Mega Boost – $9.99' : 'Buy Regular Boost – $1.99';
      await user.click(screen.getByRole('button', { name }));
      await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.test/cs_b'));
      expect(sentBody(fetchMock, '/api/boost/checkout')).toEqual({ boostType });
    },
  );

  it('says the checkout failed with the server’s reason when it refuses', async () => {
    const { user, go } = await renderPlans(true, () =>
      answer(403, {
        message: 'Boost purchases are suspended on this account while a payment dispute is open.',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Buy Regular Boost – $1.99' }));
    await findToast('Failed to create checkout session');
    expect(
      screen.getAllByText(
        'Boost purchases are suspended on this account while a payment dispute is open.',
      ).length,
    ).toBeGreaterThan(0);
    expect(go).not.toHaveBeenCalled();
  });

  it('turns a 401 (signed out meanwhile) into the sign-up prompt', async () => {
    const { user } = await renderPlans(true, () =>
      answer(401, { message: 'Account required to boost posts' }),
    );
    await user.click(screen.getByRole('button', { name: 'Buy Regular Boost – $1.99' }));
    await findToast('Sign Up to Continue');
  });
});
