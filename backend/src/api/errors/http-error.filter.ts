import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError } from '../../domain/shared/errors';
import { StrikingRefusalError } from '../../domain/user/strikes.decider';
import { JsonTooDeepError } from '../security/json-depth';
import { RateLimitedError } from '../../application/ports/rate-limiter.port';
import { RaterUnavailableError } from '../../application/ports/rater.port';
import { GateUnavailableError } from '../../application/ports/content-gate.port';
import {
  InvalidWebhookSignatureError,
  PaymentProviderUnavailableError,
} from '../../application/ports/payments.port';

const DOMAIN_STATUS: Record<DomainError['kind'], number> = {
  validation: HttpStatus.BAD_REQUEST,
  'illegal-state': HttpStatus.CONFLICT,
  'not-found': HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  forbidden: HttpStatus.FORBIDDEN,
  'rejected-content': HttpStatus.UNPROCESSABLE_ENTITY,
  unauthenticated: HttpStatus.UNAUTHORIZED,
};

export const MESSAGES = {
  tooLarge: 'Images must be 10 MB or smaller. Please choose a smaller photo.',
  raterUnavailable: 'Rating is unavailable right now. Please try again in a moment.',
  gateUnavailable:
    'We cannot check photos right now, so nothing was saved. Please try again in a moment.',
  unexpected: 'Something went wrong on our side. Please try again.',
  paymentsUnavailable: 'Payments are unavailable right now. Please try again in a moment.',
  badSignature: 'Invalid webhook signature',
  badAddress: 'This address is not valid.',
} as const;

/**
 * The one place where errors become HTTP: always JSON `{ message }` with a fitting status,
 * never a stack trace. An unexpected error's stack is logged here, once, with the request's id
 * (the request line says only the status).
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');
  /** Without the request's logger (the filter on its own): Nest's, through the app's. */
  private readonly fallback = {
    error: (fields: { err: unknown }, _message: string) =>
      this.logger.error(fields.err instanceof Error ? fields.err.stack : fields.err),
    warn: (_fields: object, message: string) => this.logger.warn(message),
  };

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const { status, message } = toHttpError(exception);
    if (status >= 500) {
      // The request's own logger (its lines carry its id) rather than the logging context: a
      // request whose body was streamed (an upload) is no longer in it when its handler fails.
      const log = http.getRequest<Request>().log ?? this.fallback;
      if (status === HttpStatus.INTERNAL_SERVER_ERROR) {
        log.error({ context: 'HttpError', err: exception }, 'Unexpected error');
      } else {
        // An expected outage (the rater is down): one line, no stack.
        const reason = exception instanceof Error ? exception.message : message;
        log.warn({ context: 'HttpError' }, `${status}: ${reason}`);
      }
    }
    if (response.headersSent) return;
    if (exception instanceof RateLimitedError) {
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    }
    // A refused upload that is a strike says so beside the message (the page links the rules).
    if (exception instanceof StrikingRefusalError) {
      response.status(status).json({ message, strike: exception.strike });
      return;
    }
    response.status(status).json({ message });
  }
}

export function toHttpError(exception: unknown): { status: number; message: string } {
  if (exception instanceof DomainError) {
    return { status: DOMAIN_STATUS[exception.kind], message: exception.message };
  }
  if (exception instanceof RateLimitedError) {
    const status =
      exception.scope === 'service' ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatus.TOO_MANY_REQUESTS;
    return { status, message: exception.message };
  }
  if (exception instanceof InvalidWebhookSignatureError) {
    return { status: HttpStatus.BAD_REQUEST, message: MESSAGES.badSignature };
  }
  if (exception instanceof PaymentProviderUnavailableError) {
    return { status: HttpStatus.SERVICE_UNAVAILABLE, message: MESSAGES.paymentsUnavailable };
  }
  if (exception instanceof RaterUnavailableError) {
    return { status: HttpStatus.SERVICE_UNAVAILABLE, message: MESSAGES.raterUnavailable };
  }
  if (exception instanceof GateUnavailableError) {
    return { status: HttpStatus.SERVICE_UNAVAILABLE, message: MESSAGES.gateUnavailable };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === HttpStatus.PAYLOAD_TOO_LARGE) return { status, message: MESSAGES.tooLarge };
    const message = messageOf(exception.getResponse()) ?? exception.message;
    // The router's words for an address it cannot decode, quoting it back.
    if (message.startsWith('Failed to decode param'))
      return { status, message: MESSAGES.badAddress };
    return { status, message };
  }
  // Errors raised by Express middleware (the body parser) carry a status; their own messages
  // quote the input, so plain ones replace them.
  const { status: expressStatus, type } = (exception ?? {}) as { status?: unknown; type?: unknown };
  if (typeof expressStatus === 'number' && expressStatus >= 400 && expressStatus < 500) {
    if (exception instanceof JsonTooDeepError)
      return { status: expressStatus, message: exception.message };
    if (type === 'entity.parse.failed') {
      return { status: expressStatus, message: 'The request body is not valid JSON.' };
    }
    if (expressStatus === HttpStatus.PAYLOAD_TOO_LARGE) {
      return { status: expressStatus, message: 'The request is too large.' };
    }
    return { status: expressStatus, message: 'The request could not be read.' };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: MESSAGES.unexpected };
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return undefined;
}
