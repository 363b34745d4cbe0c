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

/** The request's id: the one the proxy sent when well formed, else `fallback`. */
function acceptedRequestId(sent: string | string[] | undefined, fallback: string): string {
  return typeof sent === 'string' && WELL_FORMED.test(sent) ? sent : fallback;
}

/**
 * First of all middleware: every request gets an id (`req.id`) and a correlation id of the
 * server's own making (`req.correlationId`); every answer carries the id in `X-Request-Id`. Log
 * lines carry both, appended events the correlation id, so an audit-log entry leads to its log
 * lines. A client's `X-Request-Id` names the request in the logs only: as a correlation id a
 * client could collide with another request's, or plant a value in the audit log.
 */
export function requestIds() {
  return (req: Request, res: Response, next: NextFunction) => {
    const correlationId = randomUUID();
    const id = acceptedRequestId(req.headers['x-request-id'], correlationId);
    req.id = id;
    (req as CorrelatedRequest).correlationId = correlationId;
    res.setHeader(REQUEST_ID_HEADER, id);
    next();
  };
}

type CorrelatedRequest = Request & { correlationId?: unknown };

/** The correlation id of a request (a new UUID for one that somehow came in without the middleware). */
export function correlationIdOf(req: Request): string {
  const { correlationId } = req as CorrelatedRequest;
  return typeof correlationId === 'string' ? correlationId : randomUUID();
}

/**
 * The request's correlation id (server-made, see `requestIds`), for a controller to hand its
 * command as the correlation id of the events the command appends: the one way it reaches them.
 */
export const RequestId = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  correlationIdOf(context.switchToHttp().getRequest<Request>()),
);
