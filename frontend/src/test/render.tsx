import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

import { Toaster } from '@/components/ui/toaster';
import { dismissToast } from '@/components/ui/use-toast';

/** The app's QueryClient settings that matter in a test: no retries, nothing goes stale. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/** A JSON answer of the server. */
export function answer(status: number, body: unknown): Response {
  // A 204 carries no body (the Response constructor refuses one).
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Stubs `fetch` with `reply` and returns the mock, to read what was sent. */
export function stubFetch(
  reply: (url: string, init?: RequestInit) => Response | Promise<Response>,
) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => reply(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON body of the fetch call to `url`, or undefined when there was none. */
export function sentBody(fetchMock: ReturnType<typeof stubFetch>, url: string): unknown {
  const call = fetchMock.mock.calls.find(([input]) => String(input) === url);
  const body = call?.[1]?.body;
  return typeof body === 'string' ? JSON.parse(body) : undefined;
}

/**
 * Renders `ui` as a page of the app would have it: inside a router (its links work, also those
 * in toasts), with a QueryClient and the toaster.
 */
export async function renderPage(ui: ReactElement, queryClient = testQueryClient()) {
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <>
          {ui}
          <Toaster />
        </>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router, user: userEvent.setup() };
}

/**
 * The toast store outlives a rendered page: close every toast so the next test's toaster starts
 * empty. For `afterEach`.
 */
export function closeToasts(): void {
  dismissToast();
}

/** Waits for the toast with `text` (Radix may also keep a copy for screen readers). */
export async function findToast(text: string): Promise<HTMLElement> {
  const [first] = await screen.findAllByText(text);
  return first!;
}
