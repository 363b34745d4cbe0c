// The built app (scripts/built-app.mjs) holding one member's rated post, so the board and the
// post page have a photo to show: what `npm run lighthouse -- --start` audits. The dev outbox
// gives the verification link.
import { Buffer } from 'node:buffer';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';

import { startBuiltApp } from './built-app.mjs';

const { fetch, FormData, Blob } = globalThis;

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
  // Every cookie set so far, by name (the upload sets one of its own beside the session's).
  const cookies = new Map();
  return async (method, path, body) => {
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body instanceof FormData || !body ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData || !body ? body : JSON.stringify(body),
    });
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
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

/**
 * Starts the app (built-app.mjs) and seeds its post; `stop()` ends it and removes its data, and
 * `restart()` starts it again on the same data and address (it reads its static files at start).
 */
export async function startSeededApp() {
  let app = await startBuiltApp({ output: 'ignore' });
  try {
    return {
      baseUrl: app.baseUrl,
      postId: await seedPost(app.baseUrl),
      async restart() {
        await app.stop({ keepData: true });
        app = await startBuiltApp({ output: 'ignore', dataDir: app.dataDir, port: app.port });
      },
      stop: () => app.stop(),
    };
  } catch (error) {
    await app.stop();
    throw error;
  }
}
