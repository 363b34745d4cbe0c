// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, renderPage, sentBody, stubFetch } from '@/test/render';

import type { AdminCluster, HeldVote } from '../types';
import { ClustersAdmin } from './clusters-admin';

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
});

const cluster: AdminCluster = {
  id: 'net1-1',
  status: 'held',
  flaggedAt: '2026-11-22T10:00:00.000Z',
  accounts: [
    { userId: 'aaaaaaaa-0000-4000-8000-000000000001', registeredAt: '2026-11-22T09:00:00.000Z' },
    { userId: 'bbbbbbbb-0000-4000-8000-000000000002', registeredAt: '2026-11-22T09:30:00.000Z' },
  ],
  clearedAt: null,
  clearedBy: null,
  reason: null,
};
const vote: HeldVote = {
  kind: 'rating',
  postId: 'cccccccc-0000-4000-8000-000000000003',
  userId: 'aaaaaaaa-0000-4000-8000-000000000001',
  score: 2,
  heldOut: ['cluster'],
  countsFrom: null,
  counted: false,
  countedAt: null,
  at: '2026-11-22T11:00:00.000Z',
};
const page = (items: AdminCluster[]) => ({ items, total: items.length, page: 1, pageSize: 25 });

describe('the clusters page', () => {
  it('shows a held cluster’s accounts and, on demand, its votes with why they do not count', async () => {
    stubFetch((url) =>
      url.startsWith('/api/rtm-sys/clusters/net1-1')
        ? answer(200, { ...cluster, votes: [vote] })
        : answer(200, page([cluster])),
    );
    const { user } = await renderPage(<ClustersAdmin search={{}} setSearch={vi.fn()} />);
    const row = (await screen.findByText('aaaaaaaa')).closest('tr')!;
    expect(within(row).getByText('Held')).toBeTruthy();
    expect(within(row).getByText('bbbbbbbb')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Show votes' }));
    expect(await within(row).findByText('Rated 2/10')).toBeTruthy();
    expect(within(row).getByText('Cluster')).toBeTruthy();
    expect(
      within(row).getByRole('button', { name: 'Hide votes' }).getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('clears a cluster only with a reason, and sends it', async () => {
    const fetchMock = stubFetch((_url, init) =>
      init?.method === 'POST'
        ? answer(200, { ...cluster, status: 'cleared', votes: [], counted: 0 })
        : answer(200, page([cluster])),
    );
    const { user } = await renderPage(<ClustersAdmin search={{}} setSearch={vi.fn()} />);
    const row = (await screen.findByText('aaaaaaaa')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Clear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear cluster' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'A running club');
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await vi.waitFor(() =>
      expect(sentBody(fetchMock, '/api/rtm-sys/clusters/net1-1/clear')).toEqual({
        reason: 'A running club',
      }),
    );
  });

  it('says so when there is no cluster', async () => {
    stubFetch(() => answer(200, page([])));
    await renderPage(<ClustersAdmin search={{}} setSearch={vi.fn()} />);
    expect(await screen.findByText('No clusters of sign-ups.')).toBeTruthy();
  });
});
