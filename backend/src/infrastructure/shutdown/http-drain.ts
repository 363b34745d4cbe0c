import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

/** What a client gets for a request that reaches the app after a stop was asked for. */
export const RESTARTING_MESSAGE = 'SoleScore is restarting. Please try again in a moment.';
/** Seconds a refused client is asked to wait (Retry-After). */
const RETRY_AFTER_SECONDS = 5;

interface DrainResult {
  /** Requests that finished within the bound. */
  finished: number;
  /** Requests still running at the bound, cut: method, path (never the query) and seconds run. */
  cut: string[];
}

interface Running {
  label: string;
  startedAt: number;
}

/**
 * Knows the requests in flight on an HTTP server, and stops it in three steps: it closes the
 * listening socket (new connections are refused) and the idle keep-alive connections at once,
 * answers a request that still arrives on an open connection with 503 and `Connection: close`,
 * lets the requests in flight finish (each answer closes its connection) within a bound, and
 * then cuts the connections of those still running.
 */
export class HttpDrain {
  private readonly running = new Map<ServerResponse, Running>();
  private draining = false;
  private finished = 0;
  private wake: (() => void) | null = null;

  constructor(
    private readonly server: Server,
    private readonly now: () => number = () => performance.now(),
  ) {
    // The app's own handlers run inside this one, which sees every request first.
    const handlers = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (this.draining) return refuse(res);
      this.track(req, res);
      for (const handler of handlers) handler.call(server, req, res);
    });
  }

  /** Requests being answered now. */
  get inFlight(): number {
    return this.running.size;
  }

  /**
   * Stops taking requests and waits up to `graceMs` for those in flight; cuts the rest.
   * Resolves once no request is left running.
   */
  async drain(graceMs: number): Promise<DrainResult> {
    this.draining = true;
    this.server.close();
    this.server.closeIdleConnections();
    for (const res of this.running.keys()) {
      if (!res.headersSent) res.setHeader('Connection', 'close');
    }
    let timer: NodeJS.Timeout | undefined;
    if (this.running.size > 0) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        timer = setTimeout(resolve, graceMs);
      });
    }
    clearTimeout(timer);
    this.wake = null;
    const at = this.now();
    const cut = [...this.running.values()].map(
      (r) => `${r.label} (running ${((at - r.startedAt) / 1000).toFixed(1)} s)`,
    );
    // Destroys every socket left, so no answer is written into a closed app afterwards.
    this.server.closeAllConnections();
    return { finished: this.finished, cut };
  }

  private track(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0];
    this.running.set(res, { label: `${req.method ?? 'GET'} ${path}`, startedAt: this.now() });
    res.once('close', () => {
      if (!this.running.delete(res)) return;
      if (!this.draining) return;
      this.finished += 1;
      // The answer that ended may leave its keep-alive connection idle: close it too.
      setImmediate(() => this.server.closeIdleConnections());
      if (this.running.size === 0) this.wake?.();
    });
  }
}

function refuse(res: ServerResponse) {
  const body = JSON.stringify({ message: RESTARTING_MESSAGE });
  res.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'Retry-After': String(RETRY_AFTER_SECONDS),
    Connection: 'close',
  });
  res.end(body);
}
