import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { SessionCookies } from './session-cookies';
import { sessionRequirementOf } from './session.guard';

/**
 * Answers that may differ by viewer are `Cache-Control: private`, so no shared cache (a CDN, a
 * company proxy) keeps one person's answer for another: every route that reads a session, and
 * any answer to a request with a session cookie. A route's own `no-store` stays; one without a
 * Cache-Control gets `private, no-cache` (revalidated by its ETag); one that says `public` or
 * `private` itself is left alone. A handler writing its own response may still set its own.
 */
@Injectable()
export class PrivateAnswersInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly cookies: SessionCookies,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const http = context.switchToHttp();
      const request = http.getRequest<Request>();
      if (
        sessionRequirementOf(this.reflector, context) !== undefined ||
        this.cookies.readUser(request) !== null ||
        this.cookies.readAdmin(request) !== null
      ) {
        markPrivate(http.getResponse<Response>());
      }
    }
    return next.handle();
  }
}

function markPrivate(response: Response): void {
  const current = response.getHeader('Cache-Control');
  const directives = typeof current === 'string' ? current : '';
  if (/\b(public|private)\b/i.test(directives)) return;
  response.setHeader('Cache-Control', directives ? `private, ${directives}` : 'private, no-cache');
}
