// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toaster';
import {
  answer,
  closeToasts,
  findToast,
  sentBody,
  stubFetch,
  testQueryClient,
} from '@/test/render';

import { boostKeys } from '../api/boost-keys';
import { boostPageSearch, postPageSearch } from '../checkout-return';
import { ThankYouDialog } from './thank-you-dialog';
import { useBoostPageReturn, usePostBoostReturn } from './use-checkout-return';
import { onePostKey } from '@/lib/post-keys';

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
});

function BoostPage() {
  const { thankYou, closeThankYou, choosePost } = useBoostPageReturn(boostRoute.useSearch());
  return (
    <>
      <h1>Boost page</h1>
      {choosePost ? <p>Choosing the post</p> : null}
      <ThankYouDialog
        open={thankYou !== null}
        amount={thankYou?.amount}
        receiptUrl={thankYou?.receiptUrl}
        onOpenChange={(open) => !open && closeThankYou()}
      />
    </>
  );
}

function PostPage() {
  usePostBoostReturn(postRoute.useSearch());
  return <h1>Post page</h1>;
}

const rootRoute = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <Toaster />
    </>
  ),
});
const boostRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/boost',
  validateSearch: boostPageSearch,
  component: BoostPage,
});
const postRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/post/$id',
  validateSearch: postPageSearch,
  component: PostPage,
});
const leaderboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/leaderboard',
  component: () => <h1>Leaderboard page</h1>,
});

async function openAt(address: string, reply: (url: string) => Response) {
  const fetchMock = stubFetch(reply);
  const queryClient = testQueryClient();
  queryClient.setQueryData(boostKeys.unclaimed, { count: 0, boost: null, boosts: [] });
  const router = createRouter({
    routeTree: rootRoute.addChildren([boostRoute, postRoute, leaderboardRoute]),
    history: createMemoryHistory({ initialEntries: [address] }),
  });
  await router.load();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock, queryClient, router };
}

const paid = (kind: 'boost' | 'donation', extra: object = {}) =>
  answer(200, { status: 'paid', kind, amount: kind === 'donation' ? '20.00' : '1.99', ...extra });

describe('the /boost return', () => {
  it('confirms a donation, thanks the donor and goes back to /boost', async () => {
    const { fetchMock, router } = await openAt('/boost?session_id=cs_d&type=donation', () =>
      paid('donation'),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Thank You!' });
    expect(dialog.textContent).toContain('$20.00');
    expect(sentBody(fetchMock, '/api/checkout/confirm')).toEqual({ sessionId: 'cs_d' });
    await waitFor(() => expect(router.state.location.href).toBe('/boost'));
    expect(within(dialog).queryByRole('link', { name: /receipt/i })).toBeNull();
  });

  it('given a paid donation with a receipt, when the donor returns (signed in or not), then the thank-you links that receipt', async () => {
    await openAt('/boost?session_id=cs_anon&type=donation', () =>
      paid('donation', { receiptUrl: 'http://127.0.0.1:3000/receipts/r_abcdefghijklmnop' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Thank You!' });
    const link = within(dialog).getByRole('link', { name: 'View receipt (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:3000/receipts/r_abcdefghijklmnop');
    expect(link.getAttribute('rel')).toContain('noreferrer');
  });

  it('confirms a boost, refreshes the unused boosts, says so and asks for its post', async () => {
    const { fetchMock, queryClient, router } = await openAt(
      '/boost?session_id=cs_b&type=boost',
      () => paid('boost', { boostType: 'mega' }),
    );
    await screen.findByText('Choosing the post');
    await findToast('Boost Purchased!');
    await waitFor(() => expect(router.state.location.href).toBe('/boost'));
    expect(sentBody(fetchMock, '/api/checkout/confirm')).toEqual({ sessionId: 'cs_b' });
    expect(queryClient.getQueryState(boostKeys.unclaimed)?.isInvalidated).toBe(true);
  });

  it('says a cancelled payment cost nothing and goes back to /boost, asking nothing', async () => {
    const { fetchMock, router } = await openAt('/boost?cancelled=true', () => paid('boost'));
    await findToast('Payment Cancelled');
    expect(
      screen.getAllByText('Your payment was cancelled. No charges were made.').length,
    ).toBeGreaterThan(0);
    await waitFor(() => expect(router.state.location.href).toBe('/boost'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Boost Cancelled' when the cancelled checkout was a boost's", async () => {
    const { router } = await openAt('/boost?cancelled=true&type=boost', () => paid('boost'));
    await findToast('Boost Cancelled');
    expect(screen.queryByText('Payment Cancelled')).toBeNull();
    await waitFor(() => expect(router.state.location.href).toBe('/boost'));
  });

  it('does not thank for a donation the server cannot confirm', async () => {
    const { router } = await openAt('/boost?session_id=cs_x&type=donation', () =>
      answer(404, { message: 'Checkout session not found' }),
    );
    await findToast('Payment Not Completed');
    await waitFor(() => expect(router.state.location.href).toBe('/boost'));
    expect(screen.queryByRole('dialog', { name: 'Thank You!' })).toBeNull();
  });

  it('stays on /boost while a boost payment is still processing', async () => {
    const { router } = await openAt('/boost?session_id=cs_u&type=boost', () =>
      answer(200, { status: 'unpaid', kind: 'boost', boostType: 'regular', amount: '1.99' }),
    );
    await findToast('Payment Processing');
    await waitFor(() => expect(router.state.location.href).toBe('/boost'));
  });
});

describe('the /post/{id} return', () => {
  it('confirms the session, shows the boost and clears the address', async () => {
    const { fetchMock, router, queryClient } = await openAt(
      '/post/p1?boost=success&session_id=cs_p',
      () => paid('boost', { boostType: 'regular', postId: 'p1' }),
    );
    queryClient.setQueryData(onePostKey('p1'), { id: 'p1' });
    await findToast('Boost Purchased!');
    expect(sentBody(fetchMock, '/api/checkout/confirm')).toEqual({ sessionId: 'cs_p' });
    expect(router.state.location.href).toBe('/post/p1');
    expect(queryClient.getQueryState(onePostKey('p1'))?.isInvalidated).toBe(true);
  });

  it('says when the post could not take the boost it paid for, which waits unused', async () => {
    await openAt('/post/p1?boost=success&session_id=cs_p', () =>
      paid('boost', { boostType: 'regular', postId: 'p1', appliedToPost: false }),
    );
    await findToast('Boost Purchased!');
    expect(
      screen.getAllByText(
        'This post can no longer take a boost, so yours waits among your unused boosts, ready for another post.',
      ).length,
    ).toBeGreaterThan(0);
  });

  it('says a cancelled boost cost nothing and clears the address', async () => {
    const { fetchMock, router } = await openAt('/post/p1?boost=cancelled', () => paid('boost'));
    await findToast('Boost Cancelled');
    expect(
      screen.getAllByText('Your payment was cancelled. No charges were made.').length,
    ).toBeGreaterThan(0);
    await waitFor(() => expect(router.state.location.href).toBe('/post/p1'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
