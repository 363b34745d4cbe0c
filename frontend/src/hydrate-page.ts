import { hydrate } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

import { SESSION_QUERY_KEY } from '@/features/session/api/get-session';
import { SERVER_STATE_ID } from '@/lib/server-state-id';

import type { createAppRouter } from './router';

/**
 * Takes over a server-rendered page (backend/src/api/ssr): the query cache it was drawn from
 * (its `#server-state` block) goes into the router's query client, the route is loaded from that cache (its
 * chunk fetched, nothing asked of the api), so the first render is the server's, and React
 * hydrates its markup. Loaded only for such a page: the first download does not carry it.
 */
export async function hydratePage(
  app: ReactNode,
  router: ReturnType<typeof createAppRouter>,
): Promise<void> {
  const state = document.getElementById(SERVER_STATE_ID)?.textContent;
  const { queryClient } = router.options.context;
  hydrate(queryClient, JSON.parse(state || '{}'));
  await router.load();
  // Tells the router its first render is the server's: the same boundaries, no load on mount.
  router.ssr = { manifest: undefined };
  hydrateRoot(document.getElementById('root')!, app);
  // The page was drawn for a visitor (the server's session is "signed out"): the browser's own
  // session is checked now. Parts hydrated after it came still see a visitor (useSession).
  void queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY });
}
