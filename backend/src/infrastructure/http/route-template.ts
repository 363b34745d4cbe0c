import type { IncomingMessage } from 'node:http';

/** A request as Express leaves it once a route has answered it. */
export type RoutedRequest = IncomingMessage & {
  route?: { path?: unknown };
  baseUrl?: string;
  originalUrl?: string;
};

/**
 * The route the request matched, as declared (`/api/posts/:id`), for the request lines and the
 * request metrics: the raw address would put ids, and whatever else a client puts in it, into
 * the log and the label set. A request no route matched (a file, the app's page, a 404) has
 * none; the catch-all (`{/*splat}`) through which Nest mounts module middleware is not a route
 * either (the app declares no wildcard route).
 */
export function routeTemplate(req: RoutedRequest): string | null {
  const path = req.route?.path;
  return typeof path === 'string' && !path.includes('*') ? `${req.baseUrl ?? ''}${path}` : null;
}
