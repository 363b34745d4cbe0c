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
 * company proxy) keeps one person's answer for another: every route that reads a session (a post
 * with the viewer's likes and rating, its thread, the viewer's own lists), and any answer to a
 * request that carries a session cookie. A route's own `no-store` stays (`private, no-store`);
 * one without a Cache-Control of its own gets `private, no-cache` (revalidated by its ETag). A
 * route that says `public` or `private` itself has chosen, and is left alone.
 *
 * Interceptors run after the route's `@Header`s are set and before its handler: the handler of
 * a route that writes its own response may still set a header of its own choosing.
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
