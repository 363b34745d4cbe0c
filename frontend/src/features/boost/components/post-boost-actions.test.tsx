// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, renderPage, sentBody, stubFetch } from '@/test/render';

import { checkoutNavigation } from '../api/checkout';
import { PostBoostActions } from './post-boost-actions';

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ACTIVE_MEGA = {
  id: 'b1',
  boostType: 'mega',
  price: '9.99',
  currency: 'usd',
  createdAt: '2026-11-20T10:00:00.000Z',
  appliedAt: '2026-11-21T10:00:00.000Z',
  expiresAt: '2026-11-28T10:00:00.000Z',
  isActive: true,
  postId: 'p1',
  userId: 'u1',
  stripePaymentId: 'pi_1',
};

function server(unusedCount: number) {
  return stubFetch((url) => {
    if (url === '/api/boosts/unclaimed') {
      const boosts = Array.from({ length: unusedCount }, () => ({ ...ACTIVE_MEGA, postId: null }));
      return answer(200, { count: unusedCount, boost: boosts[0] ?? null, boosts });
    }
    if (url === '/api/posts/p1/boost') return answer(200, ACTIVE_MEGA);
    return answer(404, { message: 'Not found' });
  });
}

describe('PostBoostActions', () => {
  it('offers Boost and Apply when the owner has unused boosts', async () => {
    server(1);
    await renderPage(<PostBoostActions postId="p1" isBoosted={false} />);
    expect(screen.getByRole('button', { name: 'Boost Post' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Apply Boost' });
  });

  it('offers no Apply without unused boosts', async () => {
    const fetchMock = server(0);
    await renderPage(<PostBoostActions postId="p1" isBoosted={false} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Apply Boost' })).toBeNull();
  });

  it('hides both buttons while the post is boosted and says until when', async () => {
    server(1);
    await renderPage(<PostBoostActions postId="p1" isBoosted />);
    await screen.findByText(/Mega Boost active until/);
    expect(screen.queryByRole('button', { name: 'Boost Post' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply Boost' })).toBeNull();
  });

  it('buys the chosen boost for the post and leaves for the checkout', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/posts/p1/boost'
        ? answer(200, { checkoutUrl: 'https://pay.test/cs_p' })
        : answer(200, { count: 0, boost: null, boosts: [] }),
    );
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => {});
    const { user } = await renderPage(<PostBoostActions postId="p1" isBoosted={false} />);
    await user.click(screen.getByRole('button', { name: 'Boost Post' }));
    await user.click(await screen.findByRole('radio', { name: /Mega Boost/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment – $9.99' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.test/cs_p'));
    expect(sentBody(fetchMock, '/api/posts/p1/boost')).toEqual({ boostType: 'mega' });
  });

  it('says the checkout failed when the post is already boosted', async () => {
    stubFetch((url) =>
      url === '/api/posts/p1/boost'
        ? answer(409, { message: 'This post already has an active boost' })
        : answer(200, { count: 0, boost: null, boosts: [] }),
    );
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => {});
    const { user } = await renderPage(<PostBoostActions postId="p1" isBoosted={false} />);
    await user.click(screen.getByRole('button', { name: 'Boost Post' }));
    await user.click(await screen.findByRole('button', { name: 'Continue to payment – $1.99' }));
    const dialog = screen.getByRole('dialog', { name: 'Boost this post' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to create checkout session. This post already has an active boost',
    );
    expect(go).not.toHaveBeenCalled();
  });
});
