import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { routeTemplate, type RoutedRequest } from '../http/route-template';

type Req = RoutedRequest & { id?: unknown; correlationId?: unknown; log?: Logger };

/** The longest path a request line quotes, for a request that matched no route. */
const PATH_LIMIT = 200;
/**
 * Asked every few seconds by the container's health check and the metrics scraper: a success
 * there is logged at `debug`, so it does not bury the requests of people (a failure still shows).
 */
const PROBES = new Set(['/api/health', '/api/health/live', '/metrics']);

/**
 * A path segment that may be a key: 16 or more letters, digits, `_` or `-` (a checkout session's
 * id, a photo's key, a record's id), with the extension after it kept.
 */
const KEY_SEGMENT = /\/[A-Za-z0-9_-]{16,}(?=\.[A-Za-z0-9.]+$|\/|$)/g;

/**
 * The path alone, for a request no route matched: a query string may carry a link's token
 * (`/verify-email?token=…`), and a segment may be a key that opens something
 * (`/checkout/<session id>/pay` refused before routing), written `/:key`.
 */
function pathOnly(req: Req): string {
  const url = req.originalUrl ?? req.url ?? '';
  const path = url.split(/[?#]/, 1)[0]!.replace(KEY_SEGMENT, '/:key');
  return path.length > PATH_LIMIT ? `${path.slice(0, PATH_LIMIT)}…` : path;
}

/** What a request line says: no header, no query string, no body, no client address. */
function requestLine(req: Req, res: ServerResponse, route: string | null, durationMs: number) {
  return {
    method: req.method,
    ...(route ? { route } : { path: pathOnly(req) }),
    status: res.statusCode,
    durationMs,
    // The client went away before the answer was complete.
    ...(res.writableFinished ? {} : { aborted: true }),
  };
}

/**
 * The ids a request's lines carry: its id, and its correlation id (the one its events carry)
 * when the client chose the id; otherwise the two are the same and the id says it.
 */
function idsOf(req: Req): { requestId: unknown; correlationId?: unknown } {
  return req.correlationId === undefined || req.correlationId === req.id
    ? { requestId: req.id }
    : { requestId: req.id, correlationId: req.correlationId };
}

/**
 * Answers given by the built frontend's files (see `servedAsFiles`): a page loads dozens of them,
 * one line each, so their success is logged at `debug`; a failure still shows.
 */
const fileAnswers = new WeakSet<ServerResponse>();

/** The level of a request's line: error for a failure, debug for a probe's or a file's success. */
function levelOf(res: ServerResponse, route: string | null, failed: boolean) {
  if (failed || res.statusCode >= 500) return 'error';
  const quiet = PROBES.has(route ?? '') || fileAnswers.has(res);
  return res.statusCode < 400 && quiet ? 'debug' : 'info';
}

type Handler<Q, S extends ServerResponse> = (
  req: Q,
  res: S,
  next: (error?: unknown) => void,
) => void;

/**
 * A middleware that serves static files, whose answers are logged as files (at `debug` when they
 * succeed): an answer it passes on (no such file) is logged as whatever answers it.
 */
export function servedAsFiles<Q, S extends ServerResponse>(serve: Handler<Q, S>): Handler<Q, S> {
  return (req, res, next) => {
    fileAnswers.add(res);
    serve(req, res, (error) => {
      fileAnswers.delete(res);
      next(error);
    });
  };
}

/**
 * One line per request, when its answer is complete. A 5xx line has no stack: the error filter logs
 * the error itself, once, with the same id. Probes and files log success at the debug level.
 * `req.log` is a bare child logger with the ids, and the request's line is written by the app's
 * logger with the ids as fields: pino-http's child per request, with the request serialised into a
 * second, was about a tenth of the server's time under load.
 */
export function requestLogging(logger: Logger) {
  return (req: Req, res: ServerResponse, next: () => void) => {
    const started = Date.now();
    const ids = idsOf(req);
    req.log = logger.child(ids);
    const complete = (error?: unknown) => {
      res.removeListener('close', complete);
      res.removeListener('finish', complete);
      res.removeListener('error', complete);
      const route = routeTemplate(req);
      const level = levelOf(res, route, error instanceof Error);
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        { ...ids, ...requestLine(req, res, route, Date.now() - started) },
        `${req.method} ${route ?? pathOnly(req)} ${res.statusCode}`,
      );
    };
    res.on('close', complete);
    res.on('finish', complete);
    res.on('error', complete);
    next();
  };
}
