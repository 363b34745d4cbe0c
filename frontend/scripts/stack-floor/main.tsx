// The least a page of this stack ships: React's DOM renderer, TanStack Router and TanStack Query,
// with one route that reads one query and links home, and none of the app's code. The bench's
// first page figure prints its size beside the app's (scripts/first-page-size.mjs builds it with
// the app's own build settings).
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const rootRoute = createRootRoute({
  component: () => (
    <main>
      <Link to="/">Home</Link>
      <Outlet />
    </main>
  ),
});

function Home() {
  const greeting = useQuery({
    queryKey: ['greeting'],
    queryFn: async () => (await fetch('/api/health/live')).text(),
  });
  return <p>{greeting.data ?? 'Hello'}</p>;
}

const router = createRouter({
  routeTree: rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home }),
  ]),
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
