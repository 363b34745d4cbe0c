import autocannon from 'autocannon';
import { Agent, request } from 'node:http';
import { parsePrometheusText } from './prometheus-text';

/**
 * HTTP for the benchmarks, against 127.0.0.1 only: a sequential client on one kept-alive
 * connection (for latencies of single requests), and autocannon under load in a worker thread
 * (so the load generator does not share the server's event loop).
 */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text; empty when it was read and dropped (`SequentialClient.read`). */
  body: string;
  /** The body's size in bytes. */
  bytes: number;
}

export class SequentialClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  cookie: string | null = null;

  constructor(private readonly port: number) {}

  /**
   * Sends one request. A GET or HEAD that finds its kept-alive connection closed under it (the
   * server's keep-alive timer fired as the request went out, which happens when the server's
   * event loop was held for longer than its keep-alive timeout) is sent once more on a new
   * connection, as browsers and fetch do; `retries` counts them.
   */
  async send(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    keepBody = true,
  ): Promise<Answer> {
    try {
      return await this.sendOnce(method, path, body, headers, keepBody);
    } catch (error) {
      const reset = (error as { code?: string; reusedSocket?: boolean }).code === 'ECONNRESET';
      if (!reset || !(error as { reusedSocket?: boolean }).reusedSocket) throw error;
      if (method !== 'GET' && method !== 'HEAD') throw error;
      this.retries += 1;
      return this.sendOnce(method, path, body, headers, keepBody);
    }
  }

  /** Requests sent again after their kept-alive connection was reset (see `send`). */
  retries = 0;

  private sendOnce(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
    keepBody: boolean,
  ): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers: {
            ...(payload ? { 'Content-Type': 'application/json' } : {}),
            ...(this.cookie ? { Cookie: this.cookie } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let bytes = 0;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (keepBody) chunks.push(chunk);
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: keepBody ? Buffer.concat(chunks).toString('utf8') : '',
              bytes,
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
      req.end(payload);
    });
  }

  /** The answer's JSON, or an error naming the route and status when it is not `expected`. */
  async json<T>(method: string, path: string, body?: unknown, expected = 200): Promise<T> {
    const answer = await this.send(method, path, body);
    if (answer.status !== expected) {
      throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    }
    return JSON.parse(answer.body) as T;
  }

  /**
   * GET `path` with its body read to the end and dropped; answers the body's size, or an error
   * when the status is not `expected`. For figures timed from the server's own process: a
   * browser parses the answer elsewhere, so the client adds no text or objects of its own to the
   * heap whose collections the server's requests wait for.
   */
  async read(path: string, expected = 200): Promise<number> {
    const answer = await this.send('GET', path, undefined, {}, false);
    if (answer.status !== expected) throw new Error(`GET ${path} answered ${answer.status}`);
    return answer.bytes;
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface Latencies {
  count: number;
  p50: number;
  p99: number;
}

export function latencies(samples: readonly number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { count: sorted.length, p50: at(0.5), p99: at(0.99) };
}

/** Milliseconds `run` takes, with a high-resolution clock. */
export async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export interface Load {
  perSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers other than 2xx, connection errors and timeouts: a figure with any is suspect. */
  failures: number;
}

/** `connections` clients sending GET `path` back to back for `seconds`, after a short warm-up. */
export async function load(
  port: number,
  path: string,
  options: { connections: number; seconds: number; warmUpSeconds: number },
): Promise<Load> {
  const url = `http://127.0.0.1:${port}${path}`;
  const run = (duration: number) =>
    autocannon({ url, connections: options.connections, duration, workers: 1, timeout: 10 });
  if (options.warmUpSeconds > 0) await run(options.warmUpSeconds);
  const result = await run(options.seconds);
  return {
    perSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result['2xx'],
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** The subscribers whose `solescore_subscription_lag_events` is above zero in a scrape. */
export function lagging(scrape: string): string[] {
  return parsePrometheusText(scrape)
    .find('solescore_subscription_lag_events')
    .filter((lag) => lag.value !== 0)
    .map((lag) => `${lag.labels.subscriber} ${lag.value} events`);
}
