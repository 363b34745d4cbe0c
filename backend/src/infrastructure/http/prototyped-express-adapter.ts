import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';

/**
 * Nest's Express adapter whose HTTP server builds every request and response on Express's own
 * prototypes (`app.request`, `app.response`) from the start.
 *
 * Express hands each request and response its prototypes with `Object.setPrototypeOf` (in
 * `app.handle`). V8 keeps an object whose prototype was changed that way alive through the
 * young-generation collections (scavenges) that follow, even once nothing refers to it: every
 * request and response, with all they hold, is copied at each scavenge and then moved to the old
 * generation, to be freed only by the next full collection. With the read models in the same
 * heap, those copies made every scavenge long, and the pauses set the tail of every answer
 * (figures: docs/bench/history.md, "Request objects and scavenges").
 *
 * Built on the prototypes already, `setPrototypeOf` finds them in place and changes nothing, and
 * Express behaves as before (`req instanceof IncomingMessage` still holds). With `httpsOptions`
 * or `forceCloseConnections` (the app uses neither) Nest's own server is made.
 */
export class PrototypedExpressAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions || options?.forceCloseConnections) {
      super.initHttpServer(options);
      return;
    }
    const app = this.getInstance<Express>();
    this.httpServer = createServer(
      {
        IncomingMessage: madeOn(IncomingMessage, app.request),
        ServerResponse: madeOn(ServerResponse, app.response),
      },
      app,
    );
  }
}

/**
 * A constructor that runs Node's `nodeClass` on instances of `prototype` (an object inheriting
 * from `nodeClass.prototype`, as Express's `app.request` and `app.response` do).
 */
function madeOn<C extends typeof IncomingMessage | typeof ServerResponse>(
  nodeClass: C,
  prototype: object,
): C {
  const construct = nodeClass as unknown as (...args: unknown[]) => void;
  function Made(this: unknown, ...args: unknown[]) {
    construct.apply(this, args);
  }
  Made.prototype = prototype;
  return Made as unknown as C;
}
