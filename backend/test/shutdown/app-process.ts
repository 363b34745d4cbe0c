import Database from 'better-sqlite3';
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { join } from 'node:path';

const REGISTER = join(__dirname, '../support/register-ts.js');
const MAIN = join(__dirname, '../../src/main.ts');
/** The app processes' metrics token: `GET /api/health` shows its detail to its bearer. */
export const OPERATOR = `Bearer ${'operator-token-'.padEnd(40, '0')}`;

export interface AppProcess {
  child: ChildProcess;
  port: number;
  /** Everything the app wrote to stderr (errors), for the failure message. */
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  setCookie: string[];
}

/** Sends one JSON request; rejects with the socket error when there is no answer. */
export function send(
  port: number,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; agent?: Agent; authorization?: string } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: options.agent,
        headers: {
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
          ...(options.cookie ? { Cookie: options.cookie } : {}),
          ...(options.authorization ? { Authorization: options.authorization } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie'] ?? [];
          let body: Record<string, unknown> = {};
          try {
            body = JSON.parse(text) as Record<string, unknown>;
          } catch {
            body = { text };
          }
          resolve({ status: res.statusCode!, body, setCookie });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The line the app logs once it listens (`main.ts`), with the port the system gave it. */
const LISTENING = /\(listening on http:\/\/127\.0\.0\.1:(\d+)\)/;

/**
 * Starts the real app (src/main.ts) as a child process on `dataDir`, and resolves once it
 * answers its liveness route: the projections have started by then (or found their lease held).
 * The app listens on a port the system gives it and says which in its log: a port picked here
 * and freed before the app took it could be taken meanwhile by another test's app, whose answer
 * would pass for this one's.
 */
export async function startAppProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<AppProcess> {
  const child = spawn(process.execPath, ['-r', REGISTER, MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      FRONTEND_DIR: join(dataDir, 'no-frontend'),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      PASSWORD_HASH_MEMORY_KIB: '64',
      REGISTRATION_LIMIT_PER_HOUR: '100000',
      CLUSTER_ACCOUNTS_PER_DAY: '100000',
      ADDRESS_LIMIT_FACTOR: '1000',
      METRICS_TOKEN: OPERATOR.slice('Bearer '.length),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Read until the listening line, then drained unread (the app logs each request).
  let stdout = '';
  let port: number | null = null;
  child.stdout!.on('data', (chunk: Buffer) => {
    if (port !== null) return;
    stdout += chunk.toString();
    const listening = LISTENING.exec(stdout);
    if (listening) port = Number(listening[1]);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`The app exited before it answered:\n${stderr}`);
    const live =
      port === null ? null : await send(port, 'GET', '/api/health/live').catch(() => null);
    if (port !== null && live?.status === 200) return { child, port, stderr: () => stderr, exited };
    // Not listening yet: ask again once the child has had a moment of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The lease rows of the embedded read store, read beside the app (SQLite in WAL mode). */
export function leases(dataDir: string): { name: string; holder: string }[] {
  const db = new Database(join(dataDir, 'read-models.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT name, holder FROM leases').all() as {
      name: string;
      holder: string;
    }[];
  } finally {
    db.close();
  }
}
