import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { untilLogStartedOverTwice, walSalt } from './appends.bench';

describe('the appends bench’s warm-up', () => {
  let dir: string;
  let db: Database.Database;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'appends-warm-up-'));
    file = join(dir, 'warm.sqlite');
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    // A short log, so that it starts over after a few tens of appends.
    db.pragma('wal_autocheckpoint = 40');
    db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([1, 4])(
    'appends (%i at a time) until the write-ahead log has started over twice, and stops there',
    async (writers) => {
      const insert = db.prepare('INSERT INTO rows (body) VALUES (?)');
      // Which log each append went to (its salt).
      const salts: number[] = [];
      await untilLogStartedOverTwice(file, writers, async () => {
        await Promise.resolve();
        insert.run('x'.repeat(2000));
        const salt = walSalt(file);
        if (salt !== null && salt !== salts[salts.length - 1]) salts.push(salt);
      });
      // The first log, and the two it started over as (the writers still under way when the
      // second was seen append once more each: far fewer than a log holds).
      expect(salts).toHaveLength(3);
    },
  );

  it('reads the log’s salt from its header, which changes only when the log starts over', () => {
    const insert = db.prepare('INSERT INTO rows (body) VALUES (?)');
    db.pragma('wal_autocheckpoint = 0');
    insert.run('a');
    const first = walSalt(file);
    insert.run('b');
    expect(first).not.toBeNull();
    expect(walSalt(file)).toBe(first);
    // Every page copied: the next write starts the log over, with a new header.
    db.pragma('wal_checkpoint(RESTART)');
    insert.run('c');
    expect(walSalt(file)).not.toBe(first);
  });

  it('has no salt to read before the file has a write-ahead log', () => {
    expect(walSalt(join(dir, 'none.sqlite'))).toBeNull();
  });
});
