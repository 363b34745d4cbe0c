import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';

import { LazyNotFoundPage, LazyRouteError } from '@/components/lazy-route-pages';
import { RoutePending } from '@/components/route-status';

import { routeTree } from './routeTree.gen';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders read through React Query, which owns caching; the router should not add its own.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: () => <RoutePending />,
    defaultErrorComponent: LazyRouteError,
    defaultNotFoundComponent: LazyNotFoundPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
