/**
 * The id of the `<script type="application/json">` block a server-rendered page carries: the
 * query cache the server drew the page from (backend/src/api/ssr). A data block, not a script:
 * it runs nothing, so the CSP needs no allowance for it.
 */
export const SERVER_STATE_ID = 'server-state';
