import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { BackgroundCheckpointer, CHECKPOINT_EVERY_COMMITS } from './background-checkpointer';

describe('BackgroundCheckpointer: when it asks for a checkpoint', () => {
  let dir: string;
  let file: string;
  let db: Database.Database;
  let checkpointer: BackgroundCheckpointer;
  let asked: jest.SpyInstance;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'checkpointer-'));
    file = join(dir, 'data.sqlite');
    // The checkpoints asked for are counted, not run; the worker still closes when told.
    const post = Worker.prototype.postMessage;
    asked = jest.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (
      this: Worker,
      message: unknown,
    ) {
      if (message !== 'checkpoint') post.call(this, message);
    });
  });

  afterEach(async () => {
    db.close();
    await checkpointer.close();
    asked.mockRestore();
    rmSync(dir, { recursive: true, force: true });
  });

  function open(commits?: number) {
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (x BLOB)');
    checkpointer = new BackgroundCheckpointer(
      file,
      'normal',
      () => {},
      commits === undefined ? {} : { commits },
    );
  }

  const checkpointsAsked = () => asked.mock.calls.filter(([message]) => message === 'checkpoint');
  const commit = (bytes: number) => {
    db.prepare('INSERT INTO t VALUES (?)').run(Buffer.alloc(bytes, 1));
    checkpointer.committed();
  };

  it.each([
    ['CHECKPOINT_EVERY_COMMITS', undefined, CHECKPOINT_EVERY_COMMITS],
    ['a cadence of its own', 5, 5],
  ])('asks once %s commits have been made, however few pages they wrote', (_, cadence, commits) => {
    open(cadence);
    // One page each: far fewer pages than SQLite's own checkpoint waits for (1,000).
    for (let i = 1; i < commits; i += 1) commit(10);
    expect(checkpointsAsked()).toHaveLength(0);
    commit(10);
    expect(checkpointsAsked()).toHaveLength(1);
  });
});
