import autocannon from 'autocannon';
import { on } from 'node:events';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
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
  /** Milliseconds from sending the request until its answer's status line and headers came. */
  firstByteMs: number;
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
      const sent = performance.now();
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
          const firstByteMs = performance.now() - sent;
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
              firstByteMs,
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
  return loadFigures(await run(options.seconds));
}

/** Seconds a load that runs until stopped may last at most. */
const MOST_LOAD_SECONDS = 3600;

/**
 * The thread of `loadUntilStopped`: one autocannon run on its own event loop, which posts
 * `started` once its clients have started, and its result once stopped (autocannon stops at its
 * next sample, within a second, and closes its connections before it answers).
 */
const LOAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require(workerData.autocannon);
// Off the main thread autocannon answers its raw counts; its own workers' manager reads them so.
const aggregateResult = require(workerData.aggregateResult);
const run = autocannon(workerData.options, (error, raw) => {
  if (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  } else {
    const result = aggregateResult(raw, workerData.options);
    parentPort.postMessage({ result: {
      duration: result.duration,
      latency: { p50: result.latency.p50, p99: result.latency.p99 },
      non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts,
      '2xx': result['2xx'],
    } });
  }
  parentPort.close();
});
run.on('start', () => parentPort.postMessage({ started: true }));
parentPort.on('message', () => run.stop());
`;

/**
 * `connections` clients sending GET `path` back to back, in one run on a thread of its own, from
 * when the answered promise resolves (its clients have started) until `stop()`, which answers what
 * the run measured once its connections are closed. For load that must last as long as
 * something else takes: back-to-back `load` runs would each start a thread and open new
 * connections, and leave gaps between them in which the server is not loaded.
 */
export async function loadUntilStopped(
  port: number,
  path: string,
  connections: number,
): Promise<{ stop(): Promise<Load> }> {
  const worker = new Worker(LOAD_SOURCE, {
    eval: true,
    workerData: {
      autocannon: require.resolve('autocannon'),
      aggregateResult: join(dirname(require.resolve('autocannon')), 'lib', 'aggregateResult'),
      options: {
        url: `http://127.0.0.1:${port}${path}`,
        connections,
        duration: MOST_LOAD_SECONDS,
        timeout: 10,
      },
    },
  });
  // Messages are kept until read, and an error of the thread is thrown at the next read.
  const messages = on(worker, 'message') as AsyncIterableIterator<[LoadMessage]>;
  const next = async (): Promise<LoadMessage> => {
    const { value, done } = await messages.next();
    if (done) throw new Error(`The load on ${path} ended without an answer`);
    const [message] = value;
    if ('error' in message) throw new Error(`The load on ${path} failed: ${message.error}`);
    return message;
  };
  try {
    if (!('started' in (await next()))) throw new Error(`The load on ${path} did not start`);
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    async stop() {
      worker.postMessage('stop');
      try {
        const message = await next();
        if (!('result' in message)) throw new Error(`The load on ${path} answered out of turn`);
        return loadFigures(message.result);
      } finally {
        await messages.return?.();
        await worker.terminate();
      }
    },
  };
}

/** What a load's run measured, as `loadFigures` reads it. */
type LoadResult = Pick<autocannon.Result, 'duration' | '2xx' | 'non2xx' | 'errors' | 'timeouts'> & {
  latency: Pick<autocannon.Histogram, 'p50' | 'p99'>;
};

type LoadMessage = { started: true } | { result: LoadResult } | { error: string };

function loadFigures(result: LoadResult): Load {
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
