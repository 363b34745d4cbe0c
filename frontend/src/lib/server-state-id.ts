import type { DehydratedState } from '@tanstack/react-query';

/**
 * The id of the `<script type="application/json">` block a server-rendered page carries: what
 * the server drew the page from (backend/src/api/ssr). A data block, not a script: it runs
 * nothing, so the CSP needs no allowance for it.
 */
export const SERVER_STATE_ID = 'server-state';

/**
 * The data block's content: the query cache, when the page was drawn (lib/render-time.ts), and
 * whether it is a not-found page (drawn for a visitor: see hydrate-page.ts).
 */
export type ServerState = DehydratedState & { renderedAt: number; notFound?: true };
