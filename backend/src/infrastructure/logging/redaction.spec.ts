import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { createAppLogger } from './app-logger';
import { CENSOR, REDACTED_PATHS, redactedFields } from './redaction';

/** The lines a logger writes while `run` logs, parsed, without their time. */
function linesOf(make: (destination: Writable) => Logger, run: (logger: Logger) => void) {
  const written: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      written.push(String(chunk));
      done();
    },
  });
  run(make(destination));
  return written
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const { time: _time, ...rest } = JSON.parse(line) as Record<string, unknown>;
      return rest;
    });
}

/** What pino's own redaction writes for the same paths (the app's logger did this before). */
const pinoRedacting = (destination: Writable) =>
  pino(
    {
      level: 'info',
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: CENSOR },
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    },
    destination,
  );
const appLogger = (destination: Writable) =>
  createAppLogger({ level: 'info', format: 'json' }, destination);

/** Both loggers' lines for the same calls (none with an email address, which only one masks). */
function bothWrite(run: (logger: Logger) => void) {
  return { app: linesOf(appLogger, run), pino: linesOf(pinoRedacting, run) };
}

/** One error for both loggers: its stack names where it was made. */
const UPSTREAM_ERROR = upstreamError();

function upstreamError() {
  return Object.assign(new Error('Request failed with status code 502'), {
    config: {
      headers: { Authorization: 'Bearer secret-k1', authorization: 'secret-k2', accept: 'json' },
    },
    headers: { cookie: 'sid=secret-c3', 'set-cookie': ['sid=secret-c4'], via: 'proxy' },
    token: 'secret-t5',
  });
}

/** A small random object over the field names the paths use, a few levels deep. */
function randomValue(random: () => number, depth: number): unknown {
  const names = [
    'req',
    'res',
    'headers',
    'err',
    'config',
    'body',
    'password',
    'currentPassword',
    'token',
    'authorization',
    'Authorization',
    'cookie',
    'set-cookie',
    'accept',
  ];
  const pick = random();
  if (depth === 0 || pick < 0.25) return `v${Math.floor(random() * 1000)}`;
  if (pick < 0.3) return Math.floor(random() * 100);
  if (pick < 0.33) return null;
  if (pick < 0.4) {
    return Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
      randomValue(random, depth - 1),
    );
  }
  const object: Record<string, unknown> = {};
  const fields = 1 + Math.floor(random() * 4);
  for (let i = 0; i < fields; i += 1) {
    object[names[Math.floor(random() * names.length)]!] = randomValue(random, depth - 1);
  }
  return object;
}

/** A seeded generator (mulberry32), so a failure can be run again. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('redaction of the app’s log lines', () => {
  it('writes what pino’s own redaction of the same paths writes, field by field', () => {
    const { app, pino: expected } = bothWrite((logger) => {
      logger.info({
        req: {
          headers: { authorization: 'Bearer secret-a1', cookie: 'sid=secret-a2', accept: '*/*' },
        },
        res: { headers: { 'set-cookie': ['sid=secret-a3'], 'content-type': 'json' } },
        headers: {
          authorization: 'secret-a4',
          cookie: 'secret-a5',
          'set-cookie': 'secret-a6',
          host: 'here',
        },
      });
      logger.info({
        body: {
          password: 'secret-b1',
          currentPassword: 'secret-b2',
          token: 'secret-b3',
          name: 'n',
        },
      });
      logger.info({
        password: 'secret-c1',
        currentPassword: { nested: 'secret-c2' },
        token: 3,
        kept: 'visible',
      });
      logger.info({ password: undefined, token: null, headers: null, req: { headers: 'text' } });
      logger.info({ deeper: { inside: { password: 'not a field of a field' } } });
      logger.info({ list: [{ password: 'an array has no such field' }], at: new Date(0) });
      logger.error({ err: UPSTREAM_ERROR }, 'Upstream failed');
      logger.error({ error: UPSTREAM_ERROR, kept: true }, 'Upstream failed');
      logger.info('Nothing but a message');
    });
    expect(app).toEqual(expected);
    // Marked so that nothing else can look like them: the stacks name the checkout's path.
    expect(JSON.stringify(app)).not.toContain('secret-');
  });

  it('writes what pino’s own redaction writes for random lines of the fields it names', () => {
    const random = seeded(20261127);
    const lines = Array.from(
      { length: 400 },
      () => randomValue(random, 4) as Record<string, unknown>,
    )
      .filter((line) => typeof line === 'object' && line !== null && !Array.isArray(line))
      // The app's error serializer writes an array as an object of its items (email masking);
      // pino's writes it as it is. Not a matter of redaction: such a field is an object here.
      .map((line) => {
        for (const name of ['err', 'error']) {
          if (Array.isArray(line[name])) line[name] = { items: line[name] };
        }
        return line;
      });
    const { app, pino: expected } = bothWrite((logger) => {
      for (const line of lines) logger.info(line, 'random');
    });
    expect(app).toHaveLength(lines.length);
    expect(app).toEqual(expected);
  });

  it('redacts a child logger’s fields and the objects a message’s placeholders quote', () => {
    const { app, pino: expected } = bothWrite((logger) => {
      logger.child({ requestId: 'r1' }).info('Within a request');
      logger
        .child({ password: 'secret-d1', req: { headers: { cookie: 'secret-d2' } } })
        .info('Bound');
      logger
        .child({ requestId: 'r2' })
        .child({ token: 'secret-d6', context: 'Nested' })
        .info('Nested');
      logger.info(
        'Quoting %j and %o',
        { password: 'secret-d3', a: 1 },
        { req: { headers: { cookie: 'secret-d4' } } },
      );
      logger.info({ a: 1 }, 'Fields, then %j', { token: 'secret-d5', err: UPSTREAM_ERROR });
    });
    expect(app).toEqual(expected);
    expect(JSON.stringify(app)).not.toContain('secret-');
    expect(app[2]).toMatchObject({ requestId: 'r2', context: 'Nested', token: CENSOR });
  });

  it('leaves the logged objects as they were, and copies nothing without a credential', () => {
    const logged = { req: { headers: { cookie: 'sid=e1', accept: '*/*' } }, count: 2 };
    const redacted = redactedFields(logged);
    expect(redacted).toEqual({ req: { headers: { cookie: CENSOR, accept: '*/*' } }, count: 2 });
    expect(logged.req.headers.cookie).toBe('sid=e1');
    const plain = { method: 'GET', route: '/api/posts', status: 200, durationMs: 3 };
    expect(redactedFields(plain)).toBe(plain);
  });
});
