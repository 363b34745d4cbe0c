// The built app (backend/dist + frontend/dist) started on a free port of 127.0.0.1 with a fresh
// data directory, holding one member's rated post, so the board and the post page have a photo
// to show: what `npm run lighthouse -- --start` audits. The app runs as under the browser tests
// (NODE_ENV=test: the dev outbox gives the verification link, no outside service is called).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';

const { fetch, FormData, Blob } = globalThis;
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

/** Polls `probe` every 100 ms until it answers something, for at most `timeoutMs`. */
async function until(what, probe, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await probe().catch(() => undefined);
    if (answer) return answer;
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    await sleep(100);
  }
}

/** A 1200×900 photo-like JPEG (gradient and soft shapes), made here: no binary fixture. */
function photo() {
  const shapes = Array.from(
    { length: 5 },
    (_, i) =>
      `<ellipse cx="${380 + i * 110}" cy="${300 + (i % 3) * 20}" rx="48" ry="64" fill="#e8b89a" stroke="#5a3a2a" stroke-width="6"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f3d9c4"/><stop offset="1" stop-color="#8a5a44"/>
    </linearGradient></defs>
    <rect width="1200" height="900" fill="url(#g)"/>${shapes}
    <path d="M300 420 Q600 800 900 420 Z" fill="#dba48a" stroke="#5a3a2a" stroke-width="8"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** Answers the JSON of a request that must succeed, sending and keeping the session cookie. */
function client(baseUrl) {
  let cookie = '';
  return async (method, path, body) => {
    const answer = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body instanceof FormData || !body ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData || !body ? body : JSON.stringify(body),
    });
    const set = answer.headers.getSetCookie().map((line) => line.split(';')[0]);
    if (set.length > 0) cookie = set.join('; ');
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}`);
    return answer.status === 204 ? null : answer.json();
  };
}

/** Signs a member up, verifies and signs them in, rates a photo and publishes it: its post id. */
async function seedPost(baseUrl) {
  const call = client(baseUrl);
  const email = 'lighthouse@example.com';
  const password = 'a long lighthouse password';
  await call('POST', '/api/auth/register', { email, password });
  const pattern = /https?:\/\/\S+\/verify-email\?token=([A-Za-z0-9_%-]+)/;
  const token = await until('the verification mail', async () => {
    const mails = await call('GET', '/api/dev/mail');
    return mails
      .find((mail) => mail.to === email && pattern.test(mail.text))
      ?.text.match(pattern)[1];
  });
  await call('POST', '/api/auth/verify-email', { token: decodeURIComponent(token), password });
  await call('POST', '/api/auth/login', { email, password });
  const form = new FormData();
  form.append('image', new Blob([await photo()], { type: 'image/jpeg' }), 'feet.jpg');
  const rated = await call('POST', '/api/upload', form);
  return (await call('POST', '/api/posts/publish', rated)).id;
}

/** Starts the app and seeds its post; `stop()` ends it and removes its data. */
export async function startSeededApp() {
  const main = join(root, 'backend/dist/main.js');
  if (!existsSync(main) || !existsSync(join(root, 'frontend/dist/index.html'))) {
    throw new Error('Build first: `npx nx run-many -t build`');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'));
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
      PUBLIC_URL: baseUrl,
      VOTE_WAIT_HOURS: '0',
      OPENAI_API_KEY: '',
      EVENTSTORE_URL: '',
      MONGODB_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-erasure-ledger.jsonl`, { force: true });
  };
  try {
    await until('the app to start', async () => {
      if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode}`);
      return (await fetch(`${baseUrl}/api/health`)).ok;
    });
    return { baseUrl, postId: await seedPost(baseUrl), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
