import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { routeTemplate } from '../http/route-template';

/** The app's `RequestRoundTrips` (the bench and the tests read requests' counts from it). */
export const ROUND_TRIPS = Symbol('RoundTrips');

/** The store round trips one request made, by call (`readStore.findOne`, `eventStore.append…`). */
export interface CountedRequest {
  method: string;
  /** The route as declared (`/api/posts/:id/like`); null when no route answered. */
  route: string | null;
  /** The path asked for, without its query. */
  path: string;
  status: number;
  roundTrips: number;
  calls: Readonly<Record<string, number>>;
}

/** The calls counted so far in one request. */
export class Tally {
  private readonly byCall = new Map<string, number>();
  total = 0;

  add(call: string): void {
    this.byCall.set(call, (this.byCall.get(call) ?? 0) + 1);
    this.total += 1;
  }

  calls(): Record<string, number> {
    return Object.fromEntries([...this.byCall].sort(([a], [b]) => a.localeCompare(b)));
  }
}

/**
 * Store round trips attributed to the request that made them (AsyncLocalStorage: whatever a
 * request awaits or starts carries its tally). The counted ports (see `counted-port.ts`) call
 * `count` once per call to a store; a call made outside any request (a projection's commit, a
 * scheduler's sweep) counts to none. Every finished request is handed to the watchers: the
 * metrics' histogram, the bench and the tests.
 */
export class RequestRoundTrips {
  private readonly storage = new AsyncLocalStorage<Tally>();
  private readonly watchers = new Set<(request: CountedRequest) => void>();

  /**
   * @param delayMs added before every counted store call: the bench's second pass, a store one
   *   same-zone network hop away (it sets it between its rounds); 0 everywhere else.
   */
  constructor(public delayMs = 0) {}

  /** Runs `work` with `tally` as its request's: the round trips it makes count there. */
  run<T>(tally: Tally, work: () => T): T {
    return this.storage.run(tally, work);
  }

  /**
   * Runs `work` outside any request: for work a request wakes but does not own (the delivery of
   * a subscription that its append woke), whose store calls are the worker's, not the request's.
   */
  outside<T>(work: () => T): T {
    return this.storage.exit(work);
  }

  /** One round trip of `call` for the current request, if there is one. */
  count(call: string): void {
    this.storage.getStore()?.add(call);
  }

  /** Calls `watcher` with every request as it finishes; answers a function that stops it. */
  watch(watcher: (request: CountedRequest) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /**
   * The express middleware that opens a tally for each request and hands it to the watchers
   * when the answer has been sent. Mounted after the body parsers: they call `next` from the
   * request stream's events, outside the context opened here.
   */
  middleware(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      const tally = new Tally();
      res.once('finish', () => {
        if (this.watchers.size === 0) return;
        const counted: CountedRequest = {
          method: req.method,
          route: routeTemplate(req),
          path: req.path,
          status: res.statusCode,
          roundTrips: tally.total,
          calls: tally.calls(),
        };
        for (const watcher of this.watchers) watcher(counted);
      });
      this.run(tally, next);
    };
  }
}
