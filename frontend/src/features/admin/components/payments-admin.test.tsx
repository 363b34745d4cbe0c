// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, findToast, renderPage, stubFetch } from '@/test/render';

import type { AdminBoost, AdminPayment } from '../types';
import { BoostsAdmin } from './boosts-admin';
import { formatMoney } from './payment-cells';
import { PaymentsAdmin } from './payments-admin';

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
});

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 25 });
const counts = { pendingPosts: 0, pendingReports: 0, users: 4, boosts: 7 };
const buyer = { id: 'u-1', name: 'SunnyOtter0427', email: 'ann@example.com' };

const boost: AdminBoost = {
  id: 'b-1',
  boostType: 'mega',
  state: 'active',
  refunded: false,
  userId: 'u-1',
  buyer,
  postId: 'p-1234567890',
  amount: 999,
  currency: 'usd',
  createdAt: '2026-11-22T10:00:00.000Z',
  appliedAt: '2026-11-22T10:00:00.000Z',
  expiresAt: '2026-11-29T10:00:00.000Z',
  stripePaymentId: 'pi_1',
  hasReceipt: true,
};

const dispute: AdminPayment = {
  id: 'dispute-dp_1',
  kind: 'dispute',
  at: '2026-11-22T12:00:00.000Z',
  amount: 199,
  currency: 'usd',
  userId: 'u-1',
  user: buyer,
  boostId: null,
  boostType: null,
  postId: null,
  stripePaymentId: 'pi_2',
  stripeDisputeId: 'dp_1',
  stripeEventId: 'evt_5',
  refundedTotal: null,
  reason: 'fraudulent',
  disputeStatus: 'suspended',
  resolvedBy: null,
  resolvedAt: null,
  resolutionReason: null,
};

const refund: AdminPayment = {
  ...dispute,
  id: 'e-9',
  kind: 'refund',
  amount: 699,
  refundedTotal: 999,
  stripeDisputeId: null,
  reason: null,
  disputeStatus: null,
};

function fakeTab() {
  return { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
}

describe('boosts and payments screens', () => {
  it('formats cents as money', () => {
    expect(formatMoney(999, 'usd')).toBe('$9.99');
    expect(formatMoney(100000, 'usd')).toBe('$1,000.00');
  });

  it('lists boosts with their state and the dashboard count, and opens a receipt in a new tab', async () => {
    const fetchMock = stubFetch((url) => {
      if (url.startsWith('/api/rtm-sys/dashboard')) return answer(200, counts);
      if (url.endsWith('/receipt')) {
        return answer(200, { receiptUrl: 'https://pay.stripe.com/receipts/1' });
      }
      return answer(200, page([boost]));
    });
    const tab = fakeTab();
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    const setSearch = vi.fn();
    const { user } = await renderPage(
      <BoostsAdmin search={{ status: 'active' }} setSearch={setSearch} />,
    );
    const row = (await screen.findByText('ann@example.com')).closest('tr')!;
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('$9.99')).toBeTruthy();
    const dashboard = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(await within(dashboard).findByText('7 running')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('status=active'))).toBe(true);

    await user.click(within(row).getByRole('button', { name: /Receipt/ }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await vi.waitFor(() => expect(tab.location.href).toBe('https://pay.stripe.com/receipts/1'));
    expect(tab.opener).toBeNull();

    await user.selectOptions(screen.getByLabelText('State'), 'refunded');
    expect(setSearch).toHaveBeenCalledWith({ status: 'refunded', page: undefined });
    await user.click(within(row).getByRole('button', { name: /SunnyOtter0427/ }));
    expect(setSearch).toHaveBeenCalledWith({ user: 'u-1', page: undefined });
  });

  it('says "Failed to fetch receipt" and closes the tab when the server has none', async () => {
    stubFetch((url) => {
      if (url.startsWith('/api/rtm-sys/dashboard')) return answer(200, counts);
      if (url.endsWith('/receipt')) {
        return answer(404, { message: 'No receipt is available for this boost' });
      }
      return answer(200, page([boost]));
    });
    const tab = fakeTab();
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const { user } = await renderPage(<BoostsAdmin search={{}} setSearch={vi.fn()} />);
    const row = (await screen.findByText('ann@example.com')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /Receipt/ }));
    expect(await findToast('Failed to fetch receipt')).toBeTruthy();
    expect(await findToast('No receipt is available for this boost')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it('shows an empty boosts list plainly, and the server’s error instead of a list', async () => {
    stubFetch((url) => answer(200, url.startsWith('/api/rtm-sys/dashboard') ? counts : page([])));
    await renderPage(<BoostsAdmin search={{}} setSearch={vi.fn()} />);
    expect(await screen.findByText('No boosts here.')).toBeTruthy();
    cleanup();
    stubFetch(() => answer(401, { message: 'Please sign in as an admin to continue.' }));
    await renderPage(<PaymentsAdmin search={{}} setSearch={vi.fn()} />);
    expect(await screen.findByText('Please sign in as an admin to continue.')).toBeTruthy();
  });

  it('lists payments with amounts and keeps a dispute’s suspension with a required reason', async () => {
    let refuse = true;
    const fetchMock = stubFetch((_url, init) => {
      if (init?.method === 'POST') {
        return refuse
          ? answer(409, { message: 'This dispute has already been resolved' })
          : answer(200, { ...dispute, disputeStatus: 'kept' });
      }
      return answer(200, page([dispute, refund]));
    });
    const setSearch = vi.fn();
    const { user } = await renderPage(
      <PaymentsAdmin search={{ kind: 'dispute' }} setSearch={setSearch} />,
    );
    const row = (await screen.findByText('Reason: fraudulent')).closest('tr')!;
    expect(within(row).getByText('Purchases suspended')).toBeTruthy();
    expect(within(row).getByText('$1.99')).toBeTruthy();
    expect(screen.getByText('$9.99 refunded in all')).toBeTruthy();
    expect(String(fetchMock.mock.calls.at(0)?.[0])).toContain('kind=dispute');

    await user.click(within(row).getByRole('button', { name: 'Keep' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Keep suspension' }));
    expect(within(dialog).getByText('Please give a reason')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'The bank confirms fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Keep suspension' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to resolve dispute. This dispute has already been resolved',
    );

    refuse = false;
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep suspension' }),
    );
    const post = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').at(-1)!;
    expect(String(post[0])).toBe('/api/rtm-sys/payments/disputes/dp_1/resolve');
    expect(JSON.parse(String(post[1]?.body))).toEqual({
      liftSuspension: false,
      reason: 'The bank confirms fraud',
    });

    await user.selectOptions(screen.getByLabelText('Kind'), 'refund');
    expect(setSearch).toHaveBeenCalledWith({ kind: 'refund', page: undefined });
  });
});
