import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { type RegisteredUser, registerUser } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';
import { runCli } from './backup-support';

/** What the test app sets, given to the command-line tools too (they start the app's modules). */
const APP_ENV = {
  NODE_ENV: 'test',
  PASSWORD_HASH_MEMORY_KIB: '64',
  REGISTRATION_LIMIT_PER_HOUR: '100000',
};

/**
 * A restore into a folder where no erasure ledger lies beside it (a new disk, a new machine)
 * must not quietly bring back the accounts erased after the backup.
 */
describe('npm run restore and the erasure ledger', () => {
  let root: string;
  let backups: string;
  let sourceLedger: string;
  let eve: RegisteredUser;
  let restored: TestApp | null = null;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'restore-ledger-'));
    backups = join(root, 'backups');
    sourceLedger = join(root, 'old-disk', 'erasure-ledger.jsonl');
    const env = { ...APP_ENV, ERASURE_LEDGER: sourceLedger };
    const source = await startTestApp(env, join(root, 'old-disk', 'data'));
    try {
      eve = await registerUser(source);
      const backup = await runCli('backup', [backups, '--include-secret'], {
        ...env,
        DATA_DIR: source.dataDir,
      });
      expect(backup.code).toBe(0);
      // Erased after the backup: only the ledger knows.
      await eve.agent.delete('/api/user').send({ password: eve.password }).expect(200);
      expect(readFileSync(sourceLedger, 'utf8')).toContain(eve.user.id);
    } finally {
      await source.app.close();
    }
  }, 120_000);
  afterEach(async () => {
    await restored?.close();
    restored = null;
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Restores into a new folder with the default ledger (none set): beside that folder. */
  const restoreInto = (name: string, ...args: string[]) =>
    runCli('restore', [backups, ...args], { ...APP_ENV, DATA_DIR: join(root, name) });
  const signsIn = async (app: TestApp) =>
    (
      await request(app.server)
        .post('/api/auth/login')
        .send({ email: eve.email, password: eve.password })
    ).status;

  it('refuses when it finds no ledger and none is given, saying where it looked, and writes nothing', async () => {
    const refused = await restoreInto('new-disk');
    expect(refused.code).toBe(1);
    const expectedPath = join(root, 'new-disk-erasure-ledger.jsonl');
    expect(refused.stderr).toContain(
      `No erasure ledger at ${expectedPath} (the default beside DATA_DIR, used while ERASURE_LEDGER is not set)`,
    );
    expect(refused.stderr).toMatch(/--erasure-ledger FILE.*--no-erasure-ledger/);
    expect(existsSync(join(root, 'new-disk')) ? readdirSync(join(root, 'new-disk')) : []).toEqual(
      [],
    );
  });

  it('applies a ledger given with --erasure-ledger, and carries it to where the app keeps it', async () => {
    const done = await restoreInto('given', '--erasure-ledger', sourceLedger);
    expect(done.stderr).toBe('');
    const configured = join(root, 'given-erasure-ledger.jsonl');
    expect(done.stdout).toMatch(
      /; erasure ledger: 1 entries, 1 accounts erased again, 0 already erased, 0 not in the log/,
    );
    expect(done.stdout).toContain(`(${sourceLedger}, copied into ${configured})`);
    // The next restore into this folder finds it where the app records later erasures.
    expect(readFileSync(configured, 'utf8')).toBe(readFileSync(sourceLedger, 'utf8'));
    restored = await startTestApp({ ERASURE_LEDGER: configured }, join(root, 'given'));
    expect(await signsIn(restored)).toBe(401);
  }, 120_000);

  it('restores without a ledger only when told --no-erasure-ledger, and says what that brings back', async () => {
    const done = await restoreInto('knowingly', '--no-erasure-ledger');
    expect(done.stderr).toBe('');
    expect(done.stdout).toMatch(
      /; erasure ledger: none \(--no-erasure-ledger\), so accounts erased after the backup, if any, are back; \d+ ms\n$/,
    );
    restored = await startTestApp({}, join(root, 'knowingly'));
    expect(await signsIn(restored)).toBe(200);

    // Told so while a ledger is there: refused, the ledger is applied instead.
    copyFileSync(sourceLedger, join(root, 'found-erasure-ledger.jsonl'));
    const contradicted = await restoreInto('found', '--no-erasure-ledger');
    expect(contradicted.code).toBe(1);
    expect(contradicted.stderr).toContain(
      `--no-erasure-ledger, but there is an erasure ledger at ${join(root, 'found-erasure-ledger.jsonl')}`,
    );
  }, 120_000);
});
