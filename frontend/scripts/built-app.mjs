// The built app (backend/dist + frontend/dist) started on a free port of 127.0.0.1 with a fresh
// data directory, as the browser tests and the Lighthouse run use it: NODE_ENV=test (the dev
// outbox keeps the mails, no outside service is called) and new accounts' votes count at once.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';

const { fetch } = globalThis;
const root = resolve(import.meta.dirname, '../..');

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function waitForHealth(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('The app did not become healthy in time');
}

/**
 * Starts the app; `env` adds to (or overrides) the settings above, `output` is where its standard
 * output goes; `dataDir` and `port`, when given, are those of an app stopped with its data kept
 * (to start it again on them). Answers its address, its data directory and `stop()`, which ends
 * it and removes its data (`stop({ keepData: true })` keeps it).
 */
export async function startBuiltApp({ env = {}, output = 'inherit', ...again } = {}) {
  const main = join(root, 'backend/dist/main.js');
  if (!existsSync(main) || !existsSync(join(root, 'frontend/dist/index.html'))) {
    throw new Error('Build first: `npx nx run-many -t build` (npm test does this)');
  }
  const dataDir = again.dataDir ?? mkdtempSync(join(tmpdir(), 'app-data-'));
  const port = again.port ?? (await freePort());
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
      // Fresh accounts' ratings count at once (the wait for new accounts has its own tests).
      VOTE_WAIT_HOURS: '0',
      OPENAI_API_KEY: '',
      EVENTSTORE_URL: '',
      MONGODB_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      ...env,
    },
    stdio: ['ignore', output, 'inherit'],
  });
  const stop = async ({ keepData = false } = {}) => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
    if (keepData) return;
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-erasure-ledger.jsonl`, { force: true });
  };
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, dataDir, stop };
}
