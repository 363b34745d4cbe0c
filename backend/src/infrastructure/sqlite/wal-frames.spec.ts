import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WalFrames } from './wal-frames';

const PAGE = 4096;
/** The frames a write-ahead log that has not started over holds, from its file's length. */
const framesInLog = (file: string) => (statSync(`${file}-wal`).size - 32) / (PAGE + 24);

describe('WalFrames', () => {
  let dir: string;
  let file: string;
  let db: Database.Database;
  let frames: WalFrames;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wal-frames-'));
    file = join(dir, 'data.sqlite');
    db = new Database(file);
    db.pragma(`page_size = ${PAGE}`);
    db.pragma('journal_mode = WAL');
    // No automatic checkpoint: the log only grows unless a test says.
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (x BLOB)');
    frames = new WalFrames(`${file}-shm`);
  });

  afterEach(() => {
    frames.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (bytes: number, rows = 1) =>
    db.transaction(() => {
      for (let i = 0; i < rows; i += 1) {
        db.prepare('INSERT INTO t VALUES (?)').run(Buffer.alloc(bytes, i));
      }
    })();

  it('reads the frames the log holds after each commit, as its length tells', () => {
    const seen: number[] = [];
    for (const [bytes, rows] of [
      [10, 1],
      [3000, 5],
      [100_000, 1],
      [50, 40],
    ]) {
      insert(bytes, rows);
      expect(frames.read()?.frames).toBe(framesInLog(file));
      seen.push(frames.read()!.frames);
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen[seen.length - 1]).toBeGreaterThan(30);
  });

  it('counts from zero again once the log has started over, with another salt', () => {
    insert(3000, 20);
    const before = frames.read()!;
    expect(before.frames).toBeGreaterThan(20);
    db.pragma('wal_checkpoint(RESTART)');
    // Started over by a commit as long as the one before: only the salt tells.
    insert(3000, 20);
    const after = frames.read()!;
    expect(after.salt).not.toBe(before.salt);
    expect(after.frames).toBeLessThanOrEqual(before.frames);
    expect(after.frames).toBeGreaterThan(20);
  });

  it('follows the index file that comes after the database left WAL mode and came back', () => {
    insert(3000, 20);
    const before = frames.read()!;
    db.pragma('journal_mode = DELETE');
    expect(existsSync(`${file}-shm`)).toBe(false);
    db.pragma('journal_mode = WAL');
    insert(10);
    const after = frames.read();
    expect(after).not.toEqual(before);
    expect(after?.frames).toBe(framesInLog(file));
  });

  it('answers null where the file keeps no index file', () => {
    expect(new WalFrames(join(dir, 'none.sqlite-shm')).read()).toBeNull();
  });
});
