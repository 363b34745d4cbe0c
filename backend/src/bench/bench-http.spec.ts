import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lagging, loadUntilStopped, SequentialClient } from './bench-http';

/**
 * A server that answers each connection's first request, then drops the connection when the
 * next one arrives, without answering: what a client meets when the server's keep-alive timer
 * closes a kept connection as its next request goes out.
 */
async function droppingSecondRequests(): Promise<{ server: Server; port: number }> {
  const served = new WeakMap<object, number>();
  const server = createServer((req, res) => {
    const count = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, count);
    if (count > 1) {
      req.socket.destroy();
      return;
    }
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ method: req.method }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

describe('the bench’s sequential client', () => {
  let server: Server;
  let client: SequentialClient;

  beforeEach(async () => {
    const started = await droppingSecondRequests();
    server = started.server;
    client = new SequentialClient(started.port);
  });

  afterEach(async () => {
    client.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends a GET again on a new connection when its kept-alive one is closed under it', async () => {
    expect(await client.json('GET', '/first')).toEqual({ method: 'GET' });
    expect(await client.json('GET', '/second')).toEqual({ method: 'GET' });
    expect(client.retries).toBe(1);
  });

  it('reads an answer to its end without keeping it, and counts its bytes', async () => {
    const text = JSON.stringify({ method: 'GET' });
    expect(await client.read('/first')).toBe(Buffer.byteLength(text));
    expect(await client.read('/second')).toBe(Buffer.byteLength(text)); // again, on a new connection
    await expect(client.read('/third', 201)).rejects.toThrow('GET /third answered 200');
  });

  it('given an answer, when it comes, then the time to its first byte is within the time it took', async () => {
    const before = performance.now();
    const answer = await client.send('GET', '/first');
    const elapsed = performance.now() - before;
    expect(answer.firstByteMs).toBeGreaterThan(0);
    expect(answer.firstByteMs).toBeLessThanOrEqual(elapsed);
  });

  it('never sends a POST twice: the reset is the caller’s to see', async () => {
    await client.json('GET', '/first');
    await expect(client.send('POST', '/like', {})).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(client.retries).toBe(0);
  });
});

describe('a load that runs until stopped', () => {
  it('loads the server from when it answers until its stop, then closes its connections', async () => {
    let served = 0;
    let reached: () => void = () => undefined;
    const hundredServed = new Promise<void>((resolve) => (reached = resolve));
    const server = createServer((req, res) => {
      served += 1;
      if (served === 100) reached();
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ path: req.url }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const load = await loadUntilStopped((server.address() as AddressInfo).port, '/board', 4);
      await hundredServed;
      const figures = await load.stop();
      expect(figures.requests).toBeGreaterThanOrEqual(100);
      expect(figures.requests).toBeLessThanOrEqual(served);
      expect(figures.failures).toBe(0);
      expect(figures.perSecond).toBeGreaterThan(0);
      // Its connections are closed once it has answered: the server sees them go (a load that
      // went on would keep them, and the test would time out here).
      while ((await connectionsOf(server)) > 0) await new Promise((r) => setImmediate(r));
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

function connectionsOf(server: Server): Promise<number> {
  return new Promise((resolve, reject) =>
    server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

describe('the subscribers behind in a metrics scrape', () => {
  it('names each subscriber whose lag is above zero, with its lag', () => {
    const scrape = [
      '# HELP solescore_subscription_lag_events Events of the log a subscriber has not handled',
      '# TYPE solescore_subscription_lag_events gauge',
      'solescore_subscription_lag_events{subscriber="read-models"} 0',
      'solescore_subscription_lag_events{subscriber="reactor:payments"} 812345',
      'solescore_subscription_lag_events{subscriber="reactor:notifications"} 0',
      'solescore_http_requests_total{route="/api/health"} 12',
    ].join('\n');
    expect(lagging(scrape)).toEqual(['reactor:payments 812345 events']);
    expect(lagging(scrape.replace('812345', '0'))).toEqual([]);
  });
});
