import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config/config';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { KeyWrapping } from '../personal-data/key-wrapping';
import { SqlitePersonalDataKeys } from '../personal-data/sqlite-personal-data-keys';
import { BackupError, readManifest } from './backup-manifest';
import { alignErasurePositionWithLog, findBackup, restoreBackup } from './restore-backup';
import { takeBackup } from './take-backup';

const SECRET = 'backup spec secret '.repeat(3).trim();
const metadata = {
  actor: { type: 'system' as const, id: 'spec' },
  correlationId: 'c',
  causationId: 'c',
  at: '2026-01-01T00:00:00.000Z',
};

describe('backup and restore of the embedded stores', () => {
  let root: string;
  let dataDir: string;
  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'backup-spec-'));
    dataDir = join(root, 'data');
    const log = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    for (let n = 0; n < 5; n += 1) {
      await log.appendToStream(`thing-${n}`, [
        { id: randomUUID(), type: 'Thing', data: { n }, metadata },
      ]);
    }
    await log.close();
    const keys = new SqlitePersonalDataKeys(
      join(dataDir, 'personal-data-keys.sqlite'),
      new KeyWrapping(SECRET),
    );
    await keys.keyFor('person-1');
    // The key shredder ran ahead of the log's copy (the key store is copied after the log).
    await keys.recordErasedUpTo(99n);
    await keys.close();
    mkdirSync(join(dataDir, 'uploads', 'ab'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', 'ab', 'photo.webp'), 'photo bytes');
    writeFileSync(join(dataDir, 'uploads', 'ab', '.photo.webp.123.tmp'), 'half written');
    writeFileSync(join(dataDir, 'read-models.sqlite'), 'derived');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const config = (dir: string, env: Record<string, string> = {}) =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, APP_SECRET: SECRET, ...env });

  it('copies the log, the key store and the finished uploads, and says what it holds', async () => {
    const { folder, manifest } = await takeBackup(config(dataDir), join(root, 'backups'));
    expect(manifest).toMatchObject({
      logPosition: '5',
      events: 5,
      appSecret: { kind: 'configured' },
    });
    expect(manifest.files.map((file) => file.path)).toEqual([
      'events.sqlite',
      'personal-data-keys.sqlite',
      'uploads/ab/photo.webp',
    ]);
    expect(manifest.bytes).toBe(manifest.files.reduce((sum, file) => sum + file.bytes, 0));
    expect(readManifest(folder)).toEqual(manifest);
    expect(readdirSync(join(root, 'backups'))).toEqual([folder.split('/').at(-1)]);
  });

  it('keeps the generated secret apart unless asked, and restores with it given back', async () => {
    const generated = config(dataDir, { APP_SECRET: '' });
    writeFileSync(join(dataDir, 'app-secret'), SECRET);
    const apart = await takeBackup(generated, join(root, 'apart'));
    expect(apart.manifest.appSecret.kind).toBe('apart');
    expect(existsSync(join(apart.folder, 'app-secret'))).toBe(false);
    const included = await takeBackup(generated, join(root, 'included'), { includeSecret: true });
    expect(readFileSync(join(included.folder, 'app-secret'), 'utf8')).toBe(SECRET);

    const target = join(root, 'restored');
    await restoreBackup(config(target, { APP_SECRET: '' }), findBackup(join(root, 'included')));
    expect(readFileSync(join(target, 'app-secret'), 'utf8')).toBe(SECRET);
    const keys = new SqlitePersonalDataKeys(
      join(target, 'personal-data-keys.sqlite'),
      new KeyWrapping(SECRET),
    );
    try {
      expect(await keys.find('person-1')).not.toBeNull();
      // Brought back to the log's end, so the key shredder follows the restored log.
      expect(await keys.erasedUpTo()).toBe(5n);
    } finally {
      await keys.close();
    }
    expect(existsSync(join(target, 'read-models.sqlite'))).toBe(false);
    expect(readFileSync(join(target, 'uploads', 'ab', 'photo.webp'), 'utf8')).toBe('photo bytes');
  });

  it('restores the newest complete backup of a folder, never one cut short', async () => {
    const backups = join(root, 'backups');
    const first = await takeBackup(config(dataDir), backups, { now: () => new Date('2026-01-01') });
    const second = await takeBackup(config(dataDir), backups, {
      now: () => new Date('2026-01-02'),
    });
    mkdirSync(join(backups, '.2026-01-03T00-00-00-000Z.partial'));
    mkdirSync(join(backups, '2026-01-04-no-manifest'));
    expect(findBackup(backups)).toBe(second.folder);
    expect(findBackup(first.folder)).toBe(first.folder);
    expect(() => findBackup(join(root, 'nothing-here'))).toThrow(BackupError);
  });

  it('refuses a damaged backup and writes nothing', async () => {
    const { folder } = await takeBackup(config(dataDir), join(root, 'backups'));
    writeFileSync(join(folder, 'uploads', 'ab', 'photo.webp'), 'other bytes');
    const target = join(root, 'restored');
    await expect(restoreBackup(config(target), folder)).rejects.toThrow(
      /photo\.webp is damaged: it differs from the manifest/,
    );
    expect(readdirSync(target)).toEqual([]);
  });

  it('brings the key shredder back to the log of stores restored by other means', async () => {
    await alignErasurePositionWithLog(config(dataDir));
    const keys = new SqlitePersonalDataKeys(
      join(dataDir, 'personal-data-keys.sqlite'),
      new KeyWrapping(SECRET),
    );
    try {
      expect(await keys.erasedUpTo()).toBe(5n);
    } finally {
      await keys.close();
    }
    await expect(alignErasurePositionWithLog(config(join(root, 'empty')))).rejects.toThrow(
      /holds no event log/,
    );
  });

  it('refuses to write a backup inside DATA_DIR, which it would share the fate of', async () => {
    await expect(takeBackup(config(dataDir), join(dataDir, 'backups'))).rejects.toThrow(
      /is inside DATA_DIR .*keep backups elsewhere/,
    );
    expect(existsSync(join(dataDir, 'backups'))).toBe(false);
  });

  it('refuses the production stores, which have their own backup tools', async () => {
    const production = config(dataDir, { MONGODB_URL: 'mongodb://127.0.0.1:1/x' });
    await expect(takeBackup(production, join(root, 'backups'))).rejects.toThrow(
      /with EventStoreDB and MongoDB back them up with their own tools/,
    );
    await expect(restoreBackup(production, join(root, 'backups'))).rejects.toThrow(
      /npm run restore -- --erasures-only/,
    );
  });
});
