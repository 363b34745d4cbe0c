import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../bootstrap';
import { loadConfig } from '../config/config';

export interface AccountsBench {
  registrations: { count: number; perSecond: number; p50Ms: number; p95Ms: number };
  logins: { count: number; perSecond: number; p50Ms: number; p95Ms: number };
  memoryKib: number;
  concurrency: number;
  /** Sequential sign-up times (ms): on an address that has an account, and on a new one. */
  signUps: SignUpTimes;
}

interface SignUpTimes {
  taken: number[];
  fresh: number[];
}

/**
 * Registrations and sign-ins per second through the real HTTP app on 127.0.0.1, at the default
 * argon2id cost (the cost is the point: it dominates both). Each request is a full round trip:
 * validation, hashing, the reservation and account appends, read-your-writes, the cookie.
 */
export async function benchAccounts(
  registrations = 120,
  logins = 240,
  concurrency = 8,
  signUpPairs = 40,
): Promise<AccountsBench> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-accounts-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    FRONTEND_DIR: join(dataDir, 'no-frontend'),
    // Failed sign-ins are not measured; the limits stay out of the way of the load itself.
    LOGIN_LIMIT_PER_IP: '1000000',
    REGISTRATION_LIMIT_PER_HOUR: '100000',
  });
  let app: NestExpressApplication | null = null;
  try {
    app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const post = async (path: string, body: unknown) => {
      const started = performance.now();
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return performance.now() - started;
    };

    const accounts = Array.from({ length: registrations }, (_, i) => ({
      email: `bench.${i}@example.com`,
      password: `bench password ${i}`,
    }));
    // Warm-up: the first request pays for lazy initialisation (the decoy hash, JIT).
    await post('/api/auth/register', { email: 'warm.up@example.com', password: 'warm up pass' });

    const registered = await runConcurrently(accounts, concurrency, (account) =>
      post('/api/auth/register', account),
    );
    const loginTargets = Array.from({ length: logins }, (_, i) => accounts[i % accounts.length]);
    const signedIn = await runConcurrently(loginTargets, concurrency, (account) =>
      post('/api/auth/login', account),
    );
    // One at a time, alternating: an address that has an account against a new one.
    const signUps: SignUpTimes = { taken: [], fresh: [] };
    for (let i = 0; i < signUpPairs; i += 1) {
      const taken = accounts[i % accounts.length]!;
      const fresh = { email: `bench.new.${i}@example.com`, password: taken.password };
      if (i % 2 === 0) {
        signUps.taken.push(await post('/api/auth/register', taken));
        signUps.fresh.push(await post('/api/auth/register', fresh));
      } else {
        signUps.fresh.push(await post('/api/auth/register', fresh));
        signUps.taken.push(await post('/api/auth/register', taken));
      }
    }
    return {
      signUps,
      registrations: figures(registered),
      logins: figures(signedIn),
      memoryKib: config.passwordHashMemoryKib,
      concurrency,
    };
  } finally {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  run: (item: T) => Promise<number>,
): Promise<{ latencies: number[]; ms: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next];
        next += 1;
        latencies.push(await run(item));
      }
    }),
  );
  return { latencies, ms: performance.now() - started };
}

function figures({ latencies, ms }: { latencies: number[]; ms: number }) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    count: latencies.length,
    perSecond: Math.round((latencies.length / ms) * 1000),
    p50Ms: at(0.5),
    p95Ms: at(0.95),
  };
}
