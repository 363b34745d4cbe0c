import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { fetchSession, SESSION_QUERY_KEY } from '@/features/session/api/get-session';
import { setSignedInUser } from '@/features/session/api/session-cache';
import { RenderTimeContext } from '@/lib/render-time';
import { SERVER_STATE_ID, type ServerState } from '@/lib/server-state-id';

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
  const block = document.getElementById(SERVER_STATE_ID)?.textContent;
  const state = JSON.parse(block || '{}') as Partial<ServerState>;
  const root = document.getElementById('root')!;
  // A visitor's not-found page may be more to this browser (its author's hidden or held post):
  // drawn here as a page the server did not render, from the api with the browser's session,
  // in place of the server's markup (hydrating it would not match).
  if (state.notFound) {
    createRoot(root).render(app);
    return;
  }
  const { queryClient } = router.options.context;
  hydrate(queryClient, onBrowserClock(state, Date.now()));
  await router.load();
  // Tells the router its first render is the server's: the same boundaries, no load on mount.
  router.ssr = { manifest: undefined };
  // The dates are drawn from the server's render time while the page hydrates (render-time.ts).
  hydrateRoot(
    root,
    createElement(RenderTimeContext.Provider, { value: state.renderedAt ?? null }, app),
  );
  // The page was drawn for a visitor, and the hydrated entry has no query function: the browser's
  // own session is fetched here, and once it says who is signed in, the rest is read again as
  // theirs (the likes in a thread, their rating), as after a login. Its own query function, which
  // takes no abort signal: a session observer mounting and unmounting meanwhile must not cancel the
  // check (a cancelled one reads as signed out).
  const user = await queryClient
    .fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: () => fetchSession(), staleTime: 0 })
    .catch(() => null);
  if (user) setSignedInUser(queryClient, user);
}

/**
 * The server's answers as if this browser had just fetched them: their times re-set to its own
 * clock. The cache compares them with the browser's clock, and the server's may be ahead: its
 * answers would then count as fresh until the browser's clock caught up, and a read that asks
 * for fresh data (`staleTime: 0`: the session check below, a refresh after a change) would take
 * the server's "signed out" instead of asking.
 */
export function onBrowserClock<T extends Partial<DehydratedState>>(state: T, now: number): T {
  return {
    ...state,
    queries: state.queries?.map((query) => ({
      ...query,
      dehydratedAt: now,
      state: { ...query.state, dataUpdatedAt: query.state.dataUpdatedAt && now },
    })),
  };
}
