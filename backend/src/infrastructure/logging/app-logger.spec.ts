import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createAppLogger } from './app-logger';
import { withoutEmailAddresses } from './email-masking';

/** Every line the logger writes, parsed. */
function captured(run: (logger: Logger) => void): Record<string, unknown>[] {
  const written: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      written.push(String(chunk));
      done();
    },
  });
  run(createAppLogger({ level: 'info', format: 'json' }, destination));
  return written
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the app’s logger', () => {
  it('writes one JSON object per line with its level, time and message', () => {
    const [line] = captured((logger) => logger.info({ context: 'Boot' }, 'App listening'));
    expect(line).toMatchObject({ level: 'info', context: 'Boot', msg: 'App listening' });
    expect(new Date(line!.time as string).toISOString()).toBe(line!.time);
  });

  it('masks an email address in a logged message, whatever its level', () => {
    const lines = captured((logger) => {
      logger.info('Mail to ann@example.com');
      logger.warn({ note: 'Retrying bob.smith+feet@mail.example.org' }, 'Retrying');
    });
    expect(lines[0]!.msg).toBe('Mail to [email address]');
    expect(JSON.stringify(lines)).not.toContain('@');
  });

  it('masks a field’s address, keeps the others, and leaves the logged object as it was', () => {
    const fields = {
      requestId: 'r-1',
      route: '/api/posts',
      status: 200,
      note: 'for ann@example.com',
    };
    const inherited = Object.assign(Object.create({ owner: 'carl@example.com' }) as object, {
      own: 'kept',
    });
    const lines = captured((logger) => {
      logger.info(fields, 'GET /api/posts 200');
      logger.info({ requestId: 'r-2', status: 204 }, 'DELETE /api/posts/:id/like 204');
      logger.info(inherited, 'With a prototype');
    });
    expect(lines[0]).toMatchObject({ requestId: 'r-1', route: '/api/posts', status: 200 });
    expect(lines[0]!.note).toBe('for [email address]');
    expect(fields.note).toBe('for ann@example.com');
    expect(lines[1]).toMatchObject({ requestId: 'r-2', status: 204 });
    // Own fields only, as pino writes them: an inherited one is no way around the mask.
    expect(lines[2]).toMatchObject({ own: 'kept' });
    expect(lines[2]).not.toHaveProperty('owner');
    expect(JSON.stringify(lines)).not.toContain('@');
  });

  it('masks an address inside an error from below, its message and its stack', () => {
    // What nodemailer throws when the SMTP server refuses the recipient.
    const refused = new Error(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <ann@example.com>: Recipient address rejected",
    );
    const lines = captured((logger) => logger.error({ err: refused }, 'Could not send'));
    const err = lines[0]!.err as { message: string; stack: string };
    expect(err.message).toContain('Recipient address rejected');
    expect(err.stack).toContain('Recipient address rejected');
    expect(JSON.stringify(lines)).not.toContain('ann@example.com');
  });

  it('writes no credential of a request or an answer logged whole', () => {
    const lines = captured((logger) =>
      logger.info({
        req: { headers: { authorization: 'Bearer s3cret', cookie: 'sid=c00kie', accept: '*/*' } },
        res: { headers: { 'set-cookie': ['sid=n3w'] } },
        body: { password: 'hunter22', token: 'l1nk' },
      }),
    );
    const failed = Object.assign(new Error('Request failed with status code 502'), {
      config: { headers: { Authorization: 'Bearer sk_live_k3y' } },
    });
    lines.push(...captured((logger) => logger.error({ err: failed }, 'Upstream failed')));
    const text = JSON.stringify(lines);
    for (const secret of ['s3cret', 'c00kie', 'n3w', 'hunter22', 'l1nk', 'sk_live_k3y']) {
      expect(text).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({ req: { headers: { accept: '*/*' } } });
  });

  it('given a child logger and a message quoting objects, when they log credentials, then none is written', () => {
    const upstream = Object.assign(new Error('Request failed with status code 502'), {
      config: { headers: { Authorization: 'Bearer secret-k1' } },
    });
    const lines = captured((logger) => {
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
      logger.info({ a: 1 }, 'Fields, then %j', { token: 'secret-d5', err: upstream });
    });
    expect(JSON.stringify(lines)).not.toContain('secret-');
    expect(lines[1]).toMatchObject({ requestId: 'r2', context: 'Nested', token: '[redacted]' });
    expect(lines[2]!.msg).toContain('"a":1');
  });

  it('given credentials one level below any field, when they are logged in a line, a child, a quoted object or an error, then none is written and the objects stay as they were', () => {
    const upstream = { headers: { cookie: 'secret-u1', Authorization: 'Bearer secret-u2' } };
    const form = { password: 'secret-u3', currentPassword: 'secret-u4', name: 'kept' };
    const refused = Object.assign(new Error('Refused'), {
      headers: { authorization: 'secret-u5' },
      token: 'secret-u6',
    });
    const lines = captured((logger) => {
      logger.info({ upstream, form, count: 2 }, 'Fields');
      const bound = logger.child({ upstream });
      bound.child({ form }).info('Grandchild');
      logger.info('Quoting %j', { reply: { token: 'secret-u7', set: ['kept'] } });
      logger.error({ err: refused }, 'Failed');
    });
    expect(JSON.stringify(lines)).not.toContain('secret-');
    expect(lines[0]).toMatchObject({
      upstream: { headers: { cookie: '[redacted]', Authorization: '[redacted]' } },
      form: { password: '[redacted]', name: 'kept' },
      count: 2,
    });
    expect(lines[1]).toMatchObject({
      upstream: { headers: { cookie: '[redacted]' } },
      msg: 'Grandchild',
    });
    expect(lines[1]!.form).toMatchObject({ name: 'kept' });
    expect(lines[2]!.msg).toContain('"set":["kept"]');
    expect(lines[3]!.err).toMatchObject({
      message: 'Refused',
      headers: { authorization: '[redacted]' },
    });
    expect(upstream.headers.cookie).toBe('secret-u1');
    expect(form.password).toBe('secret-u3');
    expect(refused.token).toBe('secret-u6');
  });

  it('leaves lines without an address as they are', () => {
    expect(withoutEmailAddresses('Closed the weekly competition of 2026-W47')).toBe(
      'Closed the weekly competition of 2026-W47',
    );
  });
});
