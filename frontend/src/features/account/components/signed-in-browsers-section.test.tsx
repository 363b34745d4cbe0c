// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, findToast, renderPage, stubFetch } from '@/test/render';

import { SignedInBrowsersSection } from './signed-in-browsers-section';

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
});

const browsers = [
  { id: 's-1', browser: 'Firefox on Linux', signedInAt: '2026-11-20T10:00:00.000Z', current: true },
];

describe('signing out everywhere', () => {
  it('ends every session on the server, then signs this browser out', async () => {
    const fetchMock = stubFetch((_url, init) =>
      init?.method === 'DELETE' ? answer(200, { success: true }) : answer(200, browsers),
    );
    const signedOut = vi.fn();
    const { user } = await renderPage(
      <SignedInBrowsersSection onSignedOutEverywhere={signedOut} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledTimes(1));
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url]) => String(url))).toEqual(['/api/user/sessions']);
  });

  it('says why when the server refuses, and stays signed in', async () => {
    stubFetch((_url, init) =>
      init?.method === 'DELETE'
        ? answer(429, { message: 'Too many requests. Please try again later.' })
        : answer(200, browsers),
    );
    const signedOut = vi.fn();
    const { user } = await renderPage(
      <SignedInBrowsersSection onSignedOutEverywhere={signedOut} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    expect(await findToast('Could not sign out everywhere')).toBeTruthy();
    expect(signedOut).not.toHaveBeenCalled();
  });
});
