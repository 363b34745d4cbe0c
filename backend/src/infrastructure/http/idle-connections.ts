import type { Server } from 'node:http';

/**
 * Seconds an idle keep-alive connection stays open. A client or proxy that sends a request on an
 * idle connection just as the server closes it gets a reset: the server must hold idle connections
 * longer than the proxies in front of it (load balancers commonly drop theirs after 60 s), and a
 * client that pauses between requests (a browser tab, a test's API context) must not meet Node's
 * default of 5 s.
 */
export const IDLE_CONNECTION_SECONDS = 65;

/** Keeps idle connections for IDLE_CONNECTION_SECONDS; headers still get a bound of their own. */
export function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = IDLE_CONNECTION_SECONDS * 1000;
  // Longer than the idle bound, so a request that begins as the idle bound ends is not cut.
  server.headersTimeout = (IDLE_CONNECTION_SECONDS + 1) * 1000;
}
