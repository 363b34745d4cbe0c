// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, renderPage, stubFetch } from '@/test/render';

import { ADMIN_ENTRY_URL } from '../admin-entry';
import { AdminRedirect } from './admin-redirect';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The answer `fetch` gives a redirect it was told not to follow: opaque, status 0. */
function opaqueRedirect(): Response {
  const response = new Response(null, { status: 200 });
  Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
  Object.defineProperty(response, 'status', { value: 0 });
  return response;
}

describe('AdminRedirect', () => {
  it('shows the 404 page to a browser the entry does not lead on, and never leaves for it', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    const fetchMock = stubFetch(() => answer(404, { message: 'Not found' }));
    await renderPage(<AdminRedirect />);
    await screen.findByRole('heading', { name: 'We couldn’t find that page' });
    expect(fetchMock).toHaveBeenCalledWith(
      ADMIN_ENTRY_URL,
      expect.objectContaining({ redirect: 'manual' }),
    );
    expect(replace).not.toHaveBeenCalled();
  });

  it('sends a browser that signed in as an admin before through the entry', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    stubFetch(() => opaqueRedirect());
    await renderPage(<AdminRedirect />);
    await waitFor(() => expect(replace).toHaveBeenCalledWith(ADMIN_ENTRY_URL));
    expect(screen.queryByRole('heading', { name: 'We couldn’t find that page' })).toBeNull();
  });
});
