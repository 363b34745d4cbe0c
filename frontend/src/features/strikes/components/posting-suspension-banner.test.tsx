// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { postingSuspensionKey } from '@/lib/posting-suspension';

import { PostingSuspensionBanner } from './posting-suspension-banner';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(answer: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer), { status }));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PostingSuspensionBanner />
    </QueryClientProvider>,
  );
  return { fetchMock, client };
}

describe('PostingSuspensionBanner', () => {
  it('says until when posting is suspended, with the moderation rules linked', async () => {
    const message =
      'Posting, commenting and rating are paused on your account after repeated breaches of our community guidelines. You can post again on 30 November 2026 at 14:05 UTC.';
    const { fetchMock } = renderWith({ suspendedUntil: '2026-11-30T14:05:00.000Z', message });
    expect((await screen.findByRole('status')).textContent).toContain(
      'You can post again on 30 November 2026 at 14:05 UTC.',
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/user/posting-suspension', expect.anything());
    expect(
      screen.getByRole('link', { name: 'Read our moderation rules' }).getAttribute('href'),
    ).toBe('/termsofservice#moderation');
  });

  it('shows nothing when the account may post', async () => {
    const { client } = renderWith({ suspendedUntil: null, message: null });
    await vi.waitFor(() =>
      expect(client.getQueryState(postingSuspensionKey)?.status).toBe('success'),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
