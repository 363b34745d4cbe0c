// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Button } from '@/components/ui/button';
import { answer, renderPage, stubFetch } from '@/test/render';

import { useBoostOfferAfterPosting } from './boost-offer-after-posting';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness({ openPost }: { openPost: () => void }) {
  const { offerBoost, dialog } = useBoostOfferAfterPosting();
  return (
    <>
      <Button onClick={() => void offerBoost('p1', openPost)}>Posted</Button>
      {dialog}
    </>
  );
}

const regular = { id: 'b1', boostType: 'regular', createdAt: '2026-11-20T10:00:00.000Z' };

describe('useBoostOfferAfterPosting', () => {
  it('opens the post at once without unused boosts', async () => {
    stubFetch(() => answer(200, { count: 0, boost: null, boosts: [] }));
    const openPost = vi.fn();
    const { user } = await renderPage(<Harness openPost={openPost} />);
    await user.click(screen.getByRole('button', { name: 'Posted' }));
    await waitFor(() => expect(openPost).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers an unused boost first, and closing the dialog opens the post', async () => {
    stubFetch(() => answer(200, { count: 1, boost: regular, boosts: [regular] }));
    const openPost = vi.fn();
    const { user } = await renderPage(<Harness openPost={openPost} />);
    await user.click(screen.getByRole('button', { name: 'Posted' }));
    await screen.findByRole('dialog', { name: 'Boost this post?' });
    expect(openPost).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(openPost).toHaveBeenCalledTimes(1));
  });

  it('opens the post when the unused boosts cannot be read', async () => {
    stubFetch(() => answer(500, { message: 'Internal server error' }));
    const openPost = vi.fn();
    const { user } = await renderPage(<Harness openPost={openPost} />);
    await user.click(screen.getByRole('button', { name: 'Posted' }));
    await waitFor(() => expect(openPost).toHaveBeenCalledTimes(1));
  });
});
