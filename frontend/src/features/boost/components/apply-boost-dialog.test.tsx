// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, findToast, renderPage, stubFetch } from '@/test/render';
import type { UnclaimedBoosts } from '@/types/api';

import { boostKeys } from '../api/boost-keys';
import { ApplyBoostDialog } from './apply-boost-dialog';
import { onePostKey } from '@/lib/post-keys';

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
});

const UNCLAIMED: UnclaimedBoosts = {
  count: 1,
  boost: {
    id: 'b1',
    boostType: 'mega',
    price: '9.99',
    currency: 'usd',
    createdAt: '2026-11-20T10:00:00.000Z',
    appliedAt: null,
    expiresAt: null,
    isActive: false,
    postId: null,
    userId: 'u1',
    stripePaymentId: 'pi_1',
  },
  boosts: [],
};

async function openDialog(reply: () => Response) {
  const fetchMock = stubFetch(reply);
  const onClose = vi.fn();
  function Opened() {
    const [open, setOpen] = useState(true);
    return (
      <ApplyBoostDialog
        postId="p1"
        open={open}
        unclaimed={UNCLAIMED}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      />
    );
  }
  const page = await renderPage(<Opened />);
  page.queryClient.setQueryData(boostKeys.unclaimed, UNCLAIMED);
  page.queryClient.setQueryData(onePostKey('p1'), { id: 'p1' });
  await screen.findByRole('dialog', { name: 'Boost this post?' });
  return { ...page, fetchMock, onClose };
}

describe('ApplyBoostDialog', () => {
  it('applies the next boost, says so, refreshes the post and boosts, and closes', async () => {
    const { user, fetchMock, onClose, queryClient } = await openDialog(() =>
      answer(200, { boostType: 'mega' }),
    );
    await user.click(screen.getByRole('button', { name: 'Apply Mega Boost' }));
    await findToast('Boost Applied!');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/posts/p1/apply-boost',
      expect.objectContaining({ method: 'POST' }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(queryClient.getQueryState(boostKeys.unclaimed)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(onePostKey('p1'))?.isInvalidated).toBe(true);
  });

  it('shows the server’s reason when applying is refused, and stays open', async () => {
    const { user, onClose } = await openDialog(() =>
      answer(409, { message: 'You have no unused boosts' }),
    );
    await user.click(screen.getByRole('button', { name: 'Apply Mega Boost' }));
    const dialog = screen.getByRole('dialog', { name: 'Boost this post?' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Failed to apply boost. You have no unused boosts');
    // Said once, inside the dialog: no toast covers it.
    expect(screen.getAllByText('You have no unused boosts')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Boost this post?' })).toBeTruthy();
  });

  it('falls back to ‘Please try again’ when the server gives no reason', async () => {
    const { user } = await openDialog(() => new Response('Bad gateway', { status: 502 }));
    await user.click(screen.getByRole('button', { name: 'Apply Mega Boost' }));
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert.textContent).toBe('Failed to apply boost. Please try again');
  });

  it('closes without applying on ‘Not now’', async () => {
    const { user, fetchMock, onClose } = await openDialog(() => answer(200, {}));
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
