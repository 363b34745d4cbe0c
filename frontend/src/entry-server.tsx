/**
 * The server's render of the public pages (docs/architecture.md, "Server-rendered pages"), built
 * by Vite's SSR build into dist/.ssr and loaded by the app's server at start. The server hands
 * over its in-process reads of the api (`answerReadsWith`); a page is rendered as a signed-out
 * visitor sees it, and the query cache it filled goes with it, for the browser to hydrate
 * without asking again (main.tsx).
 */
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';

import { AgeVerifiedAtRender } from '@/features/gate/age-verification';
import { postStructuredData } from '@/features/post/post-structured-data';
import { SESSION_QUERY_KEY } from '@/features/session/api/get-session';
import type { PostPage } from '@/features/post/types';
import { errorStatus } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { RenderTimeContext } from '@/lib/render-time';
import type { ServerState } from '@/lib/server-state-id';

import { createAppRouter } from './router';

/** What the api answers a visitor for a GET of `path` (its address with the query). */
export interface ApiAnswer {
  status: number;
  /** The JSON text. */
  body: string;
  /** A board page's `Link` header (its next page), if any. */
  link?: string | null;
}

export type ApiReads = (path: string) => Promise<ApiAnswer>;

export interface RenderedPage {
  /** 404 for the not-found page and for a missing post or profile. */
  status: 200 | 404;
  /** The markup of `#root`. */
  html: string;
  /** Tags for the document's head: the preloads React asks for (the page's main photo). */
  head: string;
  /**
   * What the page was drawn from: the query cache (React Query's dehydrated state) and the time
   * its dates were drawn from (`renderedAt`, see lib/render-time.ts).
   */
  state: unknown;
  /** The page's JSON-LD (a post's photo and rating), or null. */
  structuredData: Record<string, unknown> | null;
}

/**
 * Every request the render makes goes to `reads`, in process: none leaves the server. The api
 * client asks for relative addresses (`/api/…`), which Node's own fetch refuses: only those are
 * taken over, so the server's other calls (to outside services) go on as they were.
 */
const nodeFetch = globalThis.fetch;

export function answerReadsWith(reads: ApiReads): void {
  globalThis.fetch = async (input, init) => {
    if (typeof input !== 'string' || !input.startsWith('/')) return nodeFetch(input, init);
    const answer = await reads(input);
    const headers = new Headers({ 'Content-Type': 'application/json' });
    if (answer.link) headers.set('Link', answer.link);
    return new Response(answer.body, { status: answer.status, headers });
  };
}

/** What the server knows of the visitor a page is drawn for. */
export interface Visitor {
  /** The visitor's cookie says they passed the age gate: the page is drawn without it. */
  ageVerified: boolean;
}

/**
 * Renders the page at `url` (path and query) for `visitor`; `publicUrl` is the site's address,
 * for the absolute addresses of its JSON-LD. Throws when a read fails other than with 404: the
 * server then sends the page unrendered, and the browser renders it as before.
 */
export async function renderPage(
  url: string,
  publicUrl: string,
  visitor: Visitor = { ageVerified: false },
): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  // Drawn for a visitor: the browser checks its own session once the page is hydrated.
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  // Reads a loader started without waiting (a post's comments) are part of the page too.
  await settled(queryClient);
  let status: 200 | 404 = 200;
  for (const match of router.state.matches) {
    if (match.status === 'notFound') status = 404;
    if (match.status !== 'error') continue;
    if (errorStatus(match.error) !== 404) throw match.error;
    status = 404;
  }
  const renderedAt = Date.now();
  const markup = await renderToHtml(
    <StrictMode>
      <AgeVerifiedAtRender.Provider value={visitor.ageVerified}>
        <RenderTimeContext.Provider value={renderedAt}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </RenderTimeContext.Provider>
      </AgeVerifiedAtRender.Provider>
    </StrictMode>,
  );
  const post = router.state.matches.find((match) => match.routeId === '/post/$id');
  const structuredData =
    status === 200 && post?.loaderData
      ? postStructuredData(post.loaderData as PostPage, publicUrl)
      : null;
  // React puts the preloads it asks for (an image with fetchpriority="high") before the markup;
  // they belong in the head, where the browser's render does not look for them.
  const [, head = '', html = ''] = /^((?:<link [^>]*>)*)([\s\S]*)$/.exec(markup) ?? [];
  const state: ServerState = {
    ...dehydrate(queryClient),
    renderedAt,
    ...(status === 404 ? { notFound: true as const } : {}),
  };
  return { status, html, head, state, structuredData };
}

async function settled(queryClient: QueryClient): Promise<void> {
  const fetching = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.fetchStatus === 'fetching');
  await Promise.all(fetching.map((query) => query.promise?.catch(() => undefined)));
}

/**
 * The whole markup, lazy parts included: a prerender waits for them. No part is sent apart to
 * be put in place by a script of React's (which the CSP would refuse): the page is small enough
 * to come in one piece.
 */
async function renderToHtml(element: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await new Response(prelude).text();
  if (/<script/i.test(html)) throw new Error('The rendered page holds a script');
  return html;
}
