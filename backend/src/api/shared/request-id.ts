import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';

const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * An id the proxy in front may hand in: 1 to 64 letters, digits, dots, underscores and hyphens
 * (a UUID, a hex trace id, `abc-123`). Anything else (longer, spaces, a line break, several
 * headers joined with a comma) is replaced, never echoed or logged.
 */
const WELL_FORMED = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id: the one the proxy sent when well formed, else a new UUID. */
function acceptedRequestId(sent: string | string[] | undefined): string {
  return typeof sent === 'string' && WELL_FORMED.test(sent) ? sent : randomUUID();
}

/**
 * First of all middleware: every request gets its id (`req.id`), and every answer (api, files,
 * errors, 404s) carries it in `X-Request-Id`. The request's log lines carry it, and so does every
 * event the request appends (as its correlation id): an audit-log entry leads to its log lines.
 */
export function requestIds() {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = acceptedRequestId(req.headers['x-request-id']);
    req.id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    next();
  };
}

/** The id of a request (a new UUID for one that somehow came in without the middleware). */
function requestIdOf(req: Pick<Request, 'id'>): string {
  return typeof req.id === 'string' ? req.id : randomUUID();
}

/**
 * The request's id, for a controller to hand its command as the correlation id of the events the
 * command appends: the one way the id reaches them.
 */
export const RequestId = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  requestIdOf(context.switchToHttp().getRequest<Request>()),
);
