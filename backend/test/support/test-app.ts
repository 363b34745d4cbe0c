import type { NestExpressApplication } from '@nestjs/platform-express';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptedContentGate } from './scripted-content-gate';
import { type AppOptions, createApp } from '../../src/bootstrap';
import { loadConfig } from '../../src/config/config';
import { EVENT_STORE, type EventStore } from '../../src/application/ports/event-store.port';
import { READ_STORE, type ReadStore } from '../../src/application/ports/read-store.port';
import { unplannedReads } from '../../src/infrastructure/read-store/query-plan-check';

/**
 * For suites about something else that write from one account and one address far faster than
 * a person (races repeated 50 times): the per-minute and per-hour write limits out of the way.
 */
export const ROOMY_WRITE_LIMITS: Record<string, string> = Object.fromEntries(
  ['COMMENT', 'LIKE', 'RATING', 'REPORT'].flatMap((kind) => [
    [`${kind}_LIMIT_PER_MINUTE`, '100000'],
    [`${kind}_LIMIT_PER_HOUR`, '1000000'],
  ]),
);

export interface TestApp {
  app: NestExpressApplication;
  server: ReturnType<NestExpressApplication['getHttpServer']>;
  dataDir: string;
  events: EventStore;
  reads: ReadStore;
  /** The app's content gate: passes everything unless a test scripts its decisions. */
  gate: ScriptedContentGate;
  restart(): Promise<TestApp>;
  close(): Promise<void>;
}

/**
 * A real app on the embedded stores in a fresh data directory (or a given one). Password
 * hashing runs at a tiny argon2 memory cost unless `env` says otherwise; `overrides.clock`
 * lets a test move time, `overrides.logDestination` capture the log (see log-capture.ts).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  dataDir = mkdtempSync(join(tmpdir(), 'app-')),
  overrides: AppOptions = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    FRONTEND_DIR: join(dataDir, 'no-frontend'),
    PASSWORD_HASH_MEMORY_KIB: '64',
    REGISTRATION_LIMIT_PER_HOUR: '100000',
    // Fresh test accounts' ratings count at once unless a test is about the wait.
    VOTE_WAIT_HOURS: '0',
    // Likewise their reports count towards an auto-hide unless a test is about the account age.
    REPORT_MIN_ACCOUNT_AGE_HOURS: '0',
    ...serverStores(),
    ...env,
  });
  const gate =
    overrides.contentGate instanceof ScriptedContentGate
      ? overrides.contentGate
      : new ScriptedContentGate();
  const app = await createApp(config, { contentGate: gate, ...overrides });
  await app.init();
  const testApp: TestApp = {
    app,
    server: app.getHttpServer(),
    dataDir,
    events: app.get<EventStore>(EVENT_STORE),
    reads: unplannedReads(app.get<ReadStore>(READ_STORE)),
    gate,
    async restart() {
      await app.close();
      return startTestApp(env, dataDir, { contentGate: gate, ...overrides });
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(config.erasureLedger, { force: true });
    },
  };
  return testApp;
}

/** Every file the app stored under its uploads folder. */
export function storedFiles(app: TestApp): string[] {
  const root = join(app.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

/**
 * `npm run test:servers` (TEST_STORES=servers, with MONGODB_URL and EVENTSTORE_URL of its
 * servers): each app on the servers, as alone there as on its own data directory, with a
 * database of its own on MongoDB and its own streams on EventStoreDB (a prefix, which its log's
 * reads keep to). Otherwise nothing: the embedded stores.
 */
function serverStores(): Record<string, string> {
  if (process.env.TEST_STORES !== 'servers') return {};
  const mongo = process.env.MONGODB_URL;
  const eventStore = process.env.EVENTSTORE_URL;
  if (!mongo || !eventStore) {
    throw new Error(
      'TEST_STORES=servers needs MONGODB_URL and EVENTSTORE_URL (npm run test:servers)',
    );
  }
  const run = randomUUID().replace(/-/g, '').slice(0, 16);
  const database = new URL(mongo.replace(/^mongodb(\+srv)?:/, 'http:'));
  const url = `${mongo.split('?')[0]!.replace(/\/[^/]*$/, '')}/test_${run}${database.search}`;
  return { MONGODB_URL: url, EVENTSTORE_URL: eventStore, EVENTSTORE_STREAM_PREFIX: `test-${run}-` };
}
