// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, renderPage, stubFetch } from '@/test/render';
import type { Boost, BoostType } from '@/types/api';

import { UnusedBoostsBadge } from './unused-boosts-badge';

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
});

function boost(id: string, boostType: BoostType): Boost {
  return {
    id,
    boostType,
    price: boostType === 'mega' ? '9.99' : '1.99',
    currency: 'usd',
    createdAt: '2026-11-20T10:00:00.000Z',
    appliedAt: null,
    expiresAt: null,
    isActive: false,
    postId: null,
    userId: 'u1',
    stripePaymentId: 'pi_1',
  };
}

function unclaimed(...boosts: Boost[]) {
  return { count: boosts.length, boost: boosts[0] ?? null, boosts };
}

describe('UnusedBoostsBadge', () => {
  it('shows the count and opens the list of unused boosts, the next one first', async () => {
    stubFetch(() => answer(200, unclaimed(boost('b1', 'regular'), boost('b2', 'mega'))));
    const { user } = await renderPage(<UnusedBoostsBadge signedIn />);
    const badge = await screen.findByRole('button', { name: '2 Unused Boosts' });
    expect(badge.getAttribute('data-boost-type')).toBe('regular');
    await user.click(badge);
    const dialog = await screen.findByRole('dialog', { name: 'Your Unused Boosts' });
    const rows = within(within(dialog).getByRole('list', { name: 'Unused boosts' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Regular Boost'),
      expect.stringContaining('Mega Boost'),
    ]);
    expect(rows[0]!.textContent).toContain('Next');
  });

  it('applies the next boost to a post chosen in the dialog, offering only posts it can start on', async () => {
    const post = (id: string, extra: object = {}) => ({
      id,
      imageUrl: `/img/${id}.jpg`,
      thumbnailUrl: `/img/${id}-t.jpg`,
      likesCount: 0,
      commentsCount: 0,
      isBoosted: false,
      boostType: null,
      createdAt: '2026-11-21T10:00:00.000Z',
      averageRating: '7.5',
      voteCount: 2,
      isPublic: true,
      isModerated: true,
      heldForReview: false,
      ...extra,
    });
    const fetchMock = stubFetch((url) => {
      if (url === '/api/user/posts') {
        return answer(200, [
          post('p1'),
          post('p2', { isBoosted: true, boostType: 'regular' }),
          post('p3', { heldForReview: true }),
        ]);
      }
      if (url.endsWith('/apply-boost')) return answer(200, { boostType: 'mega' });
      return answer(200, unclaimed(boost('b1', 'mega')));
    });
    const { user, router } = await renderPage(<UnusedBoostsBadge signedIn />);
    await user.click(await screen.findByRole('button', { name: '1 Unused Boost' }));
    const posts = await screen.findByRole('list', { name: 'Your posts' });
    const apply = within(posts).getAllByRole('button', {
      name: /^Apply Mega Boost to your post of /,
    });
    expect(apply).toHaveLength(1);
    await user.click(apply[0]!);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/post/p1'));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/posts/p1/apply-boost')).toBe(true);
  });

  it('has the mega styling when the next boost is mega', async () => {
    stubFetch(() => answer(200, unclaimed(boost('b2', 'mega'))));
    await renderPage(<UnusedBoostsBadge signedIn />);
    const badge = await screen.findByRole('button', { name: '1 Unused Boost' });
    expect(badge.getAttribute('data-boost-type')).toBe('mega');
    expect(badge.className).toContain('bg-warning');
  });

  it('shows the bare count in the phone bar, named in full, and opens the same list', async () => {
    stubFetch(() => answer(200, unclaimed(boost('b1', 'mega'), boost('b2', 'regular'))));
    const { user } = await renderPage(<UnusedBoostsBadge signedIn variant="compact" />);
    const badge = await screen.findByRole('button', { name: '2 Unused Boosts' });
    expect(badge.textContent).toBe('2');
    expect(badge.getAttribute('data-boost-type')).toBe('mega');
    await user.click(badge);
    await screen.findByRole('dialog', { name: 'Your Unused Boosts' });
  });

  it('shows nothing without unused boosts', async () => {
    const fetchMock = stubFetch(() => answer(200, unclaimed()));
    const { container } = await renderPage(<UnusedBoostsBadge signedIn />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('asks nothing for a visitor', async () => {
    const fetchMock = stubFetch(() => answer(200, unclaimed(boost('b1', 'regular'))));
    await renderPage(<UnusedBoostsBadge signedIn={false} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
