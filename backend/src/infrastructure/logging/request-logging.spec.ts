import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import type { RoutedRequest } from '../http/route-template';
import { createAppLogger } from './app-logger';
import { requestLogging, servedAsFiles } from './request-logging';

type Line = Record<string, unknown>;
/** What the middleware sees of an answer. */
type FakeAnswer = EventEmitter & { statusCode: number; writableFinished: boolean };

/** A request through the middleware, answered by `answer`; every line written, parsed. */
function served(
  request: Partial<RoutedRequest> & { id: string },
  answer: (res: FakeAnswer) => void,
  during?: (req: RoutedRequest & { log: Logger }) => void,
): Line[] {
  const written: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      written.push(String(chunk));
      done();
    },
  });
  const logger = createAppLogger({ level: 'debug', format: 'json' }, destination);
  const req = { method: 'GET', url: '/', ...request } as RoutedRequest & { log: Logger };
  const res = Object.assign(new EventEmitter(), { statusCode: 200, writableFinished: false });
  let nextCalls = 0;
  requestLogging(logger)(req, res as unknown as ServerResponse, () => (nextCalls += 1));
  expect(nextCalls).toBe(1);
  during?.(req);
  answer(res);
  return written
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);
}

const finished = (status: number) => (res: FakeAnswer) => {
  res.statusCode = status;
  res.writableFinished = true;
  res.emit('finish');
  res.emit('close');
};

const postRoute = { route: { path: '/api/posts/:id' }, baseUrl: '', url: '/api/posts/p-1?x=1' };

describe('the request line', () => {
  it('is one line per request: id, method, route template, status, duration, message', () => {
    const lines = served({ id: 'r-1', ...postRoute }, finished(200));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      requestId: 'r-1',
      method: 'GET',
      route: '/api/posts/:id',
      status: 200,
      durationMs: expect.any(Number) as number,
      msg: 'GET /api/posts/:id 200',
    });
    expect(lines[0]).not.toHaveProperty('aborted');
  });

  it('quotes the path without its query string when no route matched', () => {
    const [line] = served({ id: 'r-2', url: '/nowhere?token=s3cret' }, finished(404));
    expect(line).toMatchObject({ path: '/nowhere', status: 404, msg: 'GET /nowhere 404' });
    expect(JSON.stringify(line)).not.toContain('s3cret');
  });

  it('given an unrouted path with keys in it, when it is logged, then each key is written as :key', () => {
    const lines = [
      '/checkout/cs_local_a1B2c3D4e5F6g7H8/pay',
      '/uploads/ab/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.thumb.webp',
      '/assets/short.js',
    ].map((url) => served({ id: 'r-k', baseUrl: '', url }, finished(403))[0]);
    expect(lines.map((line) => line!.path)).toEqual([
      '/checkout/:key/pay',
      '/uploads/ab/:key.thumb.webp',
      '/assets/short.js',
    ]);
  });

  it('is at the error level for a 5xx or a failed answer, and marks a client that went away', () => {
    const [failed] = served({ id: 'r-3', ...postRoute }, finished(500));
    expect(failed).toMatchObject({ level: 'error', status: 500 });
    const [broken] = served({ id: 'r-4', ...postRoute }, (res) =>
      res.emit('error', new Error('socket hang up')),
    );
    expect(broken).toMatchObject({ level: 'error', requestId: 'r-4', aborted: true });
    const [gone] = served({ id: 'r-5', ...postRoute }, (res) => res.emit('close'));
    expect(gone).toMatchObject({ level: 'info', aborted: true });
  });

  it('writes a probe’s success at the debug level', () => {
    const probe = { route: { path: '/api/health/live' }, baseUrl: '' };
    expect(served({ id: 'r-6', ...probe }, finished(200))[0]).toMatchObject({ level: 'debug' });
    expect(served({ id: 'r-7', ...probe }, finished(503))[0]).toMatchObject({ level: 'error' });
  });

  it('given a file served by a static middleware, when it succeeds, then its line is at the debug level', () => {
    const file = { url: '/assets/index-abc.js' };
    const serving = servedAsFiles((_req, res: ServerResponse) => finished(200)(res as never));
    const [line] = served({ id: 'r-9', ...file }, (res) =>
      serving({}, res as unknown as ServerResponse, () => {}),
    );
    expect(line).toMatchObject({ level: 'debug', path: '/assets/index-abc.js', status: 200 });
  });

  it('given a static middleware with no such file, when it passes the request on, then its answer is logged at info', () => {
    const passing = servedAsFiles((_req, _res, next) => next());
    const [line] = served({ id: 'r-10', ...postRoute }, (res) =>
      passing({}, res as unknown as ServerResponse, () => finished(200)(res)),
    );
    expect(line).toMatchObject({ level: 'info', route: '/api/posts/:id', status: 200 });
    const failing = servedAsFiles((_req, res: ServerResponse) => finished(404)(res as never));
    const [missing] = served({ id: 'r-11', url: '/assets/gone.js' }, (res) =>
      failing({}, res as unknown as ServerResponse, () => {}),
    );
    expect(missing).toMatchObject({ level: 'info', status: 404 });
  });

  it('gives the request a logger whose lines carry its id, and writes its line once', () => {
    const lines = served(
      { id: 'r-8', ...postRoute },
      (res) => {
        finished(200)(res);
        res.emit('finish');
      },
      (req) => {
        // A plain property, not an accessor with closures of its own on each request (those
        // kept every request alive through the young generation's collections).
        expect(Object.getOwnPropertyDescriptor(req, 'log')).toHaveProperty('value', req.log);
        req.log.warn('Something about this request');
      },
    );
    expect(lines).toEqual([
      expect.objectContaining({ requestId: 'r-8', msg: 'Something about this request' }),
      expect.objectContaining({ requestId: 'r-8', status: 200 }),
    ]);
  });
});
