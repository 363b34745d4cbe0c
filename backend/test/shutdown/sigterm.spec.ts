import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, leases, OPERATOR, send, startAppProcess } from './app-process';

const CLIENTS = 6;
/** Acknowledged writes before the stop, so that the log has something to project. */
const WRITES_BEFORE_STOP = 24;

interface Outcomes {
  /**
   * Accounts whose sign-up was acknowledged: the session cookie, and whether turning the comment
   * mails off was acknowledged too.
   */
  accounts: Map<string, { cookie: string; mailsOff: boolean }>;
  statuses: number[];
  /** Each answer that was not 2xx: method, path, status and body, for a failure's message. */
  refusals: string[];
  errors: string[];
  inFlight: number;
  acknowledged: number;
}

/**
 * One client: signs up, then writes a bio, over and over on one keep-alive connection, until
 * the app refuses it (503, or no connection). Only 2xx answers count as acknowledged.
 */
async function writeUntilRefused(port: number, client: number, outcomes: Outcomes) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const attempt = async (method: string, path: string, body: unknown, cookie?: string) => {
    outcomes.inFlight += 1;
    try {
      const answer = await send(port, method, path, { body, cookie, agent });
      outcomes.statuses.push(answer.status);
      if (answer.status >= 300) {
        outcomes.refusals.push(`${method} ${path} ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      return answer;
    } catch (error) {
      outcomes.errors.push((error as NodeJS.ErrnoException).code ?? String(error));
      return null;
    } finally {
      outcomes.inFlight -= 1;
    }
  };
  try {
    for (let n = 0; ; n += 1) {
      const email = `stop.${client}.${n}.${process.pid}@example.com`;
      const signUp = await attempt('POST', '/api/auth/register', {
        email,
        password: 'correct horse battery',
      });
      if (signUp?.status !== 201) return;
      const id = (signUp.body as { id: string }).id;
      const cookie = signUp.setCookie.map((c) => c.split(';')[0]).join('; ');
      outcomes.accounts.set(id, { cookie, mailsOff: false });
      outcomes.acknowledged += 1;
      const edit = await attempt(
        'PATCH',
        '/api/auth/email-preferences',
        { emailNotificationsComment: false },
        cookie,
      );
      if (edit?.status !== 200) return;
      outcomes.accounts.set(id, { cookie, mailsOff: true });
      outcomes.acknowledged += 1;
    }
  } finally {
    agent.destroy();
  }
}

const PATIENCE_MS = 60_000;

/** Waits for `condition`; past the patience, fails with `what` and what `state` says then. */
async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  state: () => string = () => '',
) {
  const deadline = Date.now() + PATIENCE_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting until ${what}${state()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The app's exit, or a clear failure when it does not come (a stop that never ends). */
async function exitOf(app: AppProcess) {
  let timer: NodeJS.Timeout | undefined;
  const never = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The app did not exit within ${PATIENCE_MS / 1000} s of SIGTERM`)),
      PATIENCE_MS,
    );
  });
  try {
    return await Promise.race([app.exited, never]);
  } finally {
    clearTimeout(timer);
  }
}

describe('stopping the app with SIGTERM', () => {
  let dataDir: string;
  const started: AppProcess[] = [];
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sigterm-'));
  });
  afterEach(() => {
    for (const app of started.splice(0)) app.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the writes in flight, exits 0, hands over its lease, and loses no acknowledged write', async () => {
    const first = await startAppProcess(dataDir);
    started.push(first);
    const outcomes: Outcomes = {
      accounts: new Map(),
      statuses: [],
      refusals: [],
      errors: [],
      inFlight: 0,
      acknowledged: 0,
    };
    let clientsStopped = 0;
    const clients = Array.from({ length: CLIENTS }, (_, client) =>
      writeUntilRefused(first.port, client, outcomes).finally(() => (clientsStopped += 1)),
    );
    await until(
      () => outcomes.acknowledged >= WRITES_BEFORE_STOP || clientsStopped === CLIENTS,
      'writes are acknowledged',
      () =>
        `: ${outcomes.acknowledged} acknowledged, ${outcomes.inFlight} in flight, ` +
        `${clientsStopped} of ${CLIENTS} clients stopped; refusals ${JSON.stringify(outcomes.refusals)}, ` +
        `errors ${JSON.stringify(outcomes.errors)}; the app's stderr: ${first.stderr()}`,
    );
    // Every client stops at its first refusal: before the stop, there must be none.
    expect({
      acknowledged: outcomes.acknowledged >= WRITES_BEFORE_STOP,
      refusals: outcomes.refusals,
      errors: outcomes.errors,
      stderr: first.stderr(),
    }).toEqual({ acknowledged: true, refusals: [], errors: [], stderr: '' });
    const inFlightAtStop = outcomes.inFlight;
    first.child.kill('SIGTERM');
    expect(await exitOf(first)).toEqual({ code: 0, signal: null });
    await Promise.all(clients);
    expect(first.stderr()).toBe('');
    expect(inFlightAtStop).toBeGreaterThan(0);
    // Refused cleanly: a 503 or no connection, never another error answer.
    expect(outcomes.statuses.filter((s) => s !== 200 && s !== 201 && s !== 503)).toEqual([]);
    expect(outcomes.errors.filter((e) => !['ECONNREFUSED', 'ECONNRESET'].includes(e))).toEqual([]);
    // The lease is released at the stop, not left to expire.
    expect(leases(dataDir)).toEqual([]);

    const second = await startAppProcess(dataDir);
    started.push(second);
    // Taken at start, before the app answered: no wait for an expiry.
    expect(leases(dataDir)).toEqual([
      { name: 'projections', holder: expect.stringContaining(`:${second.child.pid}:`) },
    ]);
    await until(async () => {
      const { body } = await send(second.port, 'GET', '/api/health', { authorization: OPERATOR });
      return body.log !== null && body.projected === body.log;
    }, 'the log is projected');
    for (const [id, { cookie, mailsOff }] of outcomes.accounts) {
      expect((await send(second.port, 'GET', `/api/users/${id}`)).status).toBe(200);
      const own = await send(second.port, 'GET', '/api/user', { cookie });
      expect(own.status).toBe(200);
      if (mailsOff) expect(own.body.emailNotificationsComment).toBe(false);
    }

    second.child.kill('SIGTERM');
    expect(await exitOf(second)).toEqual({ code: 0, signal: null });
  }, 120_000);
});
