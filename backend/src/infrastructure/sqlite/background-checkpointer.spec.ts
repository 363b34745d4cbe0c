import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { BackgroundCheckpointer, CHECKPOINT_EVERY_PAGES } from './background-checkpointer';

const PAGE = 4096;

describe('BackgroundCheckpointer: when it asks for a checkpoint', () => {
  let dir: string;
  let file: string;
  let db: Database.Database;
  let checkpointer: BackgroundCheckpointer;
  let asked: jest.SpyInstance;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'checkpointer-'));
    file = join(dir, 'data.sqlite');
    // The checkpoints asked for are counted, not run (the worker would wait for the file's lock
    // in exclusive locking mode); the worker still closes when told.
    const post = Worker.prototype.postMessage;
    asked = jest.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (
      this: Worker,
      message: unknown,
    ) {
      if (message !== 'checkpoint') post.call(this, message);
    });
  });

  afterEach(async () => {
    // The file first: a worker opened on a file held in exclusive mode waits for its lock.
    db.close();
    await checkpointer.close();
    asked.mockRestore();
    rmSync(dir, { recursive: true, force: true });
  });

  function open(exclusive = false, pages = CHECKPOINT_EVERY_PAGES) {
    db = new Database(file);
    db.pragma(`page_size = ${PAGE}`);
    if (exclusive) db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (x BLOB)');
    checkpointer = new BackgroundCheckpointer(file, 'normal', () => {}, { pages, commits: 8 });
  }

  const checkpointsAsked = () => asked.mock.calls.filter(([message]) => message === 'checkpoint');
  /** A commit of one row a little smaller than a page: one or two pages each. */
  const commit = () => {
    db.prepare('INSERT INTO t VALUES (?)').run(Buffer.alloc(3000, 1));
    checkpointer.committed();
  };

  it.each([
    ['CHECKPOINT_EVERY_PAGES', CHECKPOINT_EVERY_PAGES],
    ['a cadence of its own', 250],
  ])(
    'asks once the commits since the last one have written %s pages, however many commits that takes',
    (_, pages) => {
      open(false, pages);
      const framesInLog = () => (statSync(`${file}-wal`).size - 32) / (PAGE + 24);
      let framesBefore = 0;
      let commits = 0;
      while (checkpointsAsked().length === 0) {
        framesBefore = framesInLog();
        commit();
        commits += 1;
        expect(commits).toBeLessThan(2 * pages);
      }
      expect(framesBefore).toBeLessThan(pages);
      expect(framesInLog()).toBeGreaterThanOrEqual(pages);
      // Far more than the 8 commits it falls back to.
      expect(commits).toBeGreaterThan(pages / 10);
    },
  );

  it('asks every few commits where the log cannot be measured', () => {
    // In exclusive locking mode SQLite keeps the log's index in its own memory, not in a file.
    open(true);
    for (let i = 0; i < 7; i += 1) commit();
    expect(checkpointsAsked()).toHaveLength(0);
    commit();
    expect(checkpointsAsked()).toHaveLength(1);
  });
});
