import { Agent, createServer, get, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { HttpDrain, RESTARTING_MESSAGE } from './http-drain';

/** A server whose `/slow` answers only once the test releases it. */
function slowServer() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived: () => void = () => undefined;
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
  const server = createServer((req, res) => {
    if (!req.url?.startsWith('/slow')) return void res.end('fast');
    arrived();
    void released.then(() => res.end('slow'));
  });
  return { server, release, slowArrived };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
  socket: Socket;
}

function fetchPath(port: number, path: string, agent?: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body, socket: request.socket! }),
      );
    });
    request.on('error', reject);
  });
}

/** A raw connection, to send a request in parts. */
function rawConnection(port: number): Promise<{ socket: Socket; received: () => string }> {
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () => resolve({ socket, received: () => received }));
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', reject);
  });
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', resolve)));

describe('draining an HTTP server', () => {
  const agents: Agent[] = [];
  const keepAlive = () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    return agent;
  };
  afterEach(() => {
    for (const agent of agents.splice(0)) agent.destroy();
  });

  it('refuses new connections, closes idle ones at once and lets the requests in flight finish', async () => {
    const { server, release, slowArrived } = slowServer();
    const drain = new HttpDrain(server);
    const port = await listen(server);
    const idle = await fetchPath(port, '/fast', keepAlive());
    expect(idle.headers.connection).toBe('keep-alive');
    const slow = fetchPath(port, '/slow', keepAlive());
    await slowArrived;
    expect(drain.inFlight).toBe(1);

    const draining = drain.drain(60_000);
    await closed(idle.socket);
    await expect(fetchPath(port, '/fast')).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    release();
    const answer = await slow;
    expect(answer).toMatchObject({ status: 200, body: 'slow' });
    // The answer closes its connection rather than keeping it alive for more.
    expect(answer.headers.connection).toBe('close');
    expect(await draining).toEqual({ finished: 1, cut: [] });
  });

  it('answers 503 to a request that arrives on an open connection while it drains', async () => {
    const { server, release, slowArrived } = slowServer();
    const drain = new HttpDrain(server);
    const port = await listen(server);
    const slow = fetchPath(port, '/slow', keepAlive());
    await slowArrived;
    // Headers begun before the stop: the connection is not idle, so it stays open.
    const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const late = await rawConnection(port);
    const begun = 'POST /api/posts HTTP/1.1\r\nHost: localhost\r\n';
    late.socket.write(begun);
    const serverSide = await accepted;
    while (serverSide.bytesRead < begun.length) await new Promise(setImmediate);

    const draining = drain.drain(60_000);
    late.socket.write('Content-Length: 0\r\n\r\n');
    await closed(late.socket);
    expect(late.received()).toMatch(/^HTTP\/1\.1 503 /);
    expect(late.received()).toMatch(/\r\nConnection: close\r\n/i);
    expect(late.received()).toMatch(/\r\nRetry-After: 5\r\n/i);
    expect(late.received()).toContain(JSON.stringify({ message: RESTARTING_MESSAGE }));

    release();
    await slow;
    expect(await draining).toEqual({ finished: 1, cut: [] });
  });

  it('cuts the requests still running at the bound and names them without their query', async () => {
    const { server, slowArrived } = slowServer();
    const drain = new HttpDrain(server);
    const port = await listen(server);
    const slow = fetchPath(port, '/slow?token=secret-value', keepAlive());
    await slowArrived;

    const { finished, cut } = await drain.drain(20);
    expect(finished).toBe(0);
    expect(cut).toEqual([expect.stringMatching(/^GET \/slow \(running \d+\.\d s\)$/)]);
    await expect(slow).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('stops at once when nothing is in flight', async () => {
    const { server } = slowServer();
    const drain = new HttpDrain(server);
    const port = await listen(server);
    expect(await drain.drain(60_000)).toEqual({ finished: 0, cut: [] });
    await expect(fetchPath(port, '/fast')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
