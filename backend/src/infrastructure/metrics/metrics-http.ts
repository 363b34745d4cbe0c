import { bearsMetricsToken } from '../../config/metrics-config';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { routeTemplate } from '../http/route-template';
import type { AppMetrics } from './app-metrics';

/** Prometheus' conventional path, outside `/api` and out of the api's own description. */
export const METRICS_PATH = '/metrics';

/**
 * The route label of a request: the template of the route that answered it (with its
 * controller's prefix, e.g. `/api/posts/:id`), never the address itself, so ids cannot multiply
 * the series. Requests no route answered get one label each by kind.
 */
function routeLabel(req: Request): string {
  const route = routeTemplate(req);
  if (route !== null) return route;
  // A refused scrape is handed on to the not-found answer, past the route that refused it.
  if (req.path === METRICS_PATH) return METRICS_PATH;
  if (req.path.startsWith('/uploads/')) return '/uploads/*';
  if (req.path === '/api' || req.path.startsWith('/api/')) return '/api/* (no route)';
  return '(frontend)';
}

/** Times every request from its arrival to the end of its answer. */
export function measureRequests(metrics: AppMetrics): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.requestServed(req.method, routeLabel(req), res.statusCode, seconds);
    });
    next();
  };
}

/**
 * `GET /metrics`: the scrape, for a caller with `Authorization: Bearer <METRICS_TOKEN>` only.
 * Anyone else, and everyone when no token is configured, is handed on to the app's not-found
 * answer (the very 404 of an unknown api path): the route does not show that it exists.
 */
export function metricsEndpoint(metrics: AppMetrics, token: string | null): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!bearsMetricsToken(req.get('authorization'), token)) return next();
    metrics
      .scrape()
      .then(({ contentType, body }) => {
        res.setHeader('Cache-Control', 'no-store');
        // Bytes, so the exposition format's type goes out as the registry names it.
        res.type(contentType).send(Buffer.from(body));
      })
      .catch(next);
  };
}
