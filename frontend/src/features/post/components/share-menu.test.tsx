// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ShareMenu } from './share-menu';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const POST_ID = 'p-1';

/** A phone's browser: a coarse pointer and the Web Share API (files as `canShareFiles` says). */
function onAPhone({ canShareFiles }: { canShareFiles: boolean }) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(pointer: coarse)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  const share = vi.fn((_data: ShareData) => Promise.resolve());
  const canShare = vi.fn((data: ShareData) => canShareFiles || !data.files);
  Object.assign(navigator, { share, canShare });
  const fetch = vi.fn(() =>
    Promise.resolve(new Response(new Blob(['jpeg'], { type: 'image/jpeg' }), { status: 200 })),
  );
  vi.stubGlobal('fetch', fetch);
  return { share, fetch };
}

afterEach(() => {
  // navigator.share and canShare were added to the test's navigator.
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'canShare');
});

describe('ShareMenu', () => {
  it("offers the links with the owner's text on a computer", async () => {
    const user = userEvent.setup();
    render(<ShareMenu postId={POST_ID} rating="7.8" isOwner />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const x = await screen.findByRole('menuitem', { name: /^X/ });
    const text = new URL(x.getAttribute('href')!).searchParams.get('text');
    expect(text).toBe('Check out my 7.8/10 rating...');
  });

  it("says 'this' rating to anyone but the owner", async () => {
    const user = userEvent.setup();
    render(<ShareMenu postId={POST_ID} rating="7.8" isOwner={false} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const x = await screen.findByRole('menuitem', { name: /^X/ });
    expect(new URL(x.getAttribute('href')!).searchParams.get('text')).toBe(
      'Check out this 7.8/10 rating...',
    );
  });

  it('opens the system share sheet on a phone, with the card image where files are taken', async () => {
    const { share, fetch } = onAPhone({ canShareFiles: true });
    const user = userEvent.setup();
    render(<ShareMenu postId={POST_ID} rating="7.8" isOwner={false} />);
    expect(fetch).toHaveBeenCalledWith('/api/posts/p-1/card.jpg', expect.anything());
    // The file is in before the tap (a share must follow the tap at once).
    const button = screen.getByRole('button', { name: 'Share' });
    await waitFor(() => expect(button.dataset.shareCard).toBe('ready'));
    await user.click(button);
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const data = share.mock.calls[0]![0];
    expect(data).toMatchObject({
      text: 'Check out this 7.8/10 rating...',
      url: `${window.location.origin}/post/p-1`,
    });
    expect(data.files?.[0]).toMatchObject({ name: 'solescore-p-1.jpg', type: 'image/jpeg' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shares the text and address alone where the browser takes no files', async () => {
    const { share } = onAPhone({ canShareFiles: false });
    const user = userEvent.setup();
    render(<ShareMenu postId={POST_ID} rating={null} isOwner />);
    const button = screen.getByRole('button', { name: 'Share' });
    await waitFor(() => expect(button.dataset.shareCard).toBe('ready'));
    await user.click(button);
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share.mock.calls[0]![0].files).toBeUndefined();
    expect(share.mock.calls[0]![0].text).toBe('Check out my post on SoleScore...');
  });

  it('falls back to the links when the system sheet fails, and not when it is closed', async () => {
    const { share } = onAPhone({ canShareFiles: true });
    const user = userEvent.setup();
    render(<ShareMenu postId={POST_ID} rating="7.8" isOwner />);
    share.mockRejectedValueOnce(new DOMException('closed', 'AbortError'));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('menu')).toBeNull();
    share.mockRejectedValueOnce(new DOMException('not allowed', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('menuitem', { name: /^WhatsApp/ })).toBeTruthy();
  });
});
