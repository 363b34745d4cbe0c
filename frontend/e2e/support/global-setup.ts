import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

const root = resolve(import.meta.dirname, '../../..');

/** The first admin and the hidden sign-in path of the app under test. */
export const E2E_ADMIN = {
  username: 'e2e_admin',
  password: 'a long e2e admin password',
  loginPath: '/staff-entrance-e2e',
} as const;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    admin: { username: string; password: string; loginPath: string };
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The app did not become healthy in time');
}

export interface StartedApp {
  baseUrl: string;
  /** The app's data directory (its local checkout's webhook secret is there). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the built app (backend/dist + frontend/dist) on a free port with a fresh data dir;
 * `env` adds to (or overrides) the test settings.
 */
export async function startBuiltApp(env: Record<string, string> = {}): Promise<StartedApp> {
  const main = join(root, 'backend/dist/main.js');
  const frontend = join(root, 'frontend/dist/index.html');
  if (!existsSync(main) || !existsSync(frontend)) {
    throw new Error('Build first: `npx nx run-many -t build` (npm test does this)');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ERASURE_LEDGER: `${dataDir}-erasure-ledger.jsonl`,
      // Mailed links must open on the address the browser uses, so its cookies apply.
      PUBLIC_URL: baseUrl,
      UPLOAD_LIMIT_PER_HOUR: '1000',
      // Every test browser comes from this one address: it gets fifty accounts' write limits.
      ADDRESS_LIMIT_FACTOR: '50',
      // Every test signs its accounts up from this one address too (the limit has its own tests).
      REGISTRATION_LIMIT_PER_HOUR: '1000',
      // Fresh test accounts' ratings count at once (the wait for new accounts has its own tests).
      VOTE_WAIT_HOURS: '0',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_LOGIN_PATH: E2E_ADMIN.loginPath,
      OPENAI_API_KEY: '',
      EVENTSTORE_URL: '',
      MONGODB_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}-erasure-ledger.jsonl`, { force: true });
    },
  };
}

/** The app every browser test shares. */
export default async function setup(project: TestProject) {
  const app = await startBuiltApp();
  project.provide('baseUrl', app.baseUrl);
  project.provide('admin', { ...E2E_ADMIN });
  return () => app.stop();
}
