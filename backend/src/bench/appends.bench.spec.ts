import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WalFrames } from '../infrastructure/sqlite/wal-frames';
import { untilLogStartedOverTwice } from './appends.bench';

describe('the appends bench’s warm-up', () => {
  let dir: string;
  let db: Database.Database;
  let log: WalFrames;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'appends-warm-up-'));
    const file = join(dir, 'warm.sqlite');
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    // A short log, so that it starts over after a few tens of appends.
    db.pragma('wal_autocheckpoint = 40');
    db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    log = new WalFrames(`${file}-shm`);
  });
  afterEach(() => {
    db.close();
    log.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([1, 4])(
    'appends (%i at a time) until the write-ahead log has started over twice, and stops there',
    async (writers) => {
      const insert = db.prepare('INSERT INTO rows (body) VALUES (?)');
      // Which log each append went to (its salt).
      const salts: number[] = [];
      await untilLogStartedOverTwice(log, writers, async () => {
        await Promise.resolve();
        insert.run('x'.repeat(2000));
        const salt = log.read()?.salt;
        if (salt !== undefined && salt !== salts[salts.length - 1]) salts.push(salt);
      });
      // The first log, and the two it started over as (the writers still under way when the
      // second was seen append once more each: far fewer than a log holds).
      expect(salts).toHaveLength(3);
    },
  );
});
