import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';

import { LazyNotFoundPage, LazyRouteError } from '@/components/lazy-route-pages';
import { RoutePending } from '@/components/route-status';

import { routeTree } from './routeTree.gen';

/** `history`: the server's render gives the page's address; the browser's is the default. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders read through React Query, which owns caching; the router should not add its own.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: () => <RoutePending />,
    defaultErrorComponent: LazyRouteError,
    defaultNotFoundComponent: LazyNotFoundPage,
    // In the browser only: on the server it would draw an inline script, which the CSP refuses
    // and the browser's render does not have.
    scrollRestoration: history === undefined,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
