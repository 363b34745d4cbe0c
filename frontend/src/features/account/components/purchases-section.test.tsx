// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, renderPage, stubFetch } from '@/test/render';

import type { Purchase } from '../api/purchases';
import { PurchasesSection } from './purchases-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const boost = (id: string, changes: Partial<Purchase>): Purchase => ({
  id,
  kind: 'boost',
  boostType: 'mega',
  amount: '9.99',
  currency: 'usd',
  paidAt: '2026-11-20T10:00:00.000Z',
  state: 'expired',
  postId: `post-${id}`,
  expiresAt: '2026-11-20T10:07:00.000Z',
  endedEarly: null,
  refunded: '0.00',
  receiptUrl: null,
  ...changes,
});

describe('PurchasesSection', () => {
  it('given a boost whose post was removed, when listed, then it says it ended early and links to no missing post', async () => {
    stubFetch(() =>
      answer(200, {
        items: [
          boost('a', { endedEarly: 'removed' }),
          boost('b', { endedEarly: 'deleted' }),
          boost('c', {}),
        ],
        total: 3,
        page: 1,
        pageSize: 10,
      }),
    );
    await renderPage(<PurchasesSection />);
    expect(await screen.findByText('Ended early: the post was removed')).toBeTruthy();
    expect(screen.getByText('Ended early: the post was deleted')).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'View post' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/post/post-c']);
  });
});
