import { Worker } from 'node:worker_threads';
import type { ReadModelWrite } from '../../application/ports/read-store.port';
import { upsertRowsSql, WRITE_SQL } from './embedded-read-store-file';
import { assertWithinDocumentLimit, compareKeys } from './pending-file-writes';

/** A document's row as the file stores it: its collection, its id, its body (null: deleted). */
export type FileRow = [collection: string, id: string, body: string | null];

/** Rows per message to the writer. */
const ROWS_PER_MESSAGE = 1_000;

/**
 * Rows per statement the writer inserts (one call into SQLite for each): the rebuild bench's
 * 845,000 documents took 2.3 s so, against 3.7 s one row per statement.
 */
const ROWS_PER_STATEMENT = 50;

/**
 * Messages posted and not yet written: enough that the writer never waits for the next while the
 * caller serialises it, few enough that a caller faster than its writer holds little of the
 * commit twice (its documents, their bodies).
 */
const MESSAGES_AHEAD = 8;

/**
 * The writer: its own connection to the file, one transaction (IMMEDIATE: the write lock at
 * once), not waiting for the disk, as the bulk commit on the store's own connection does. It
 * runs the `before` statements first; each message of rows is written and acknowledged; the
 * `commit` message's statements (a checkpoint's) run and commit, `abort` rolls back. What
 * it fails on is posted as `{ error }` and rolled back. It closes its connection before it says
 * it is done, so the store's connection has the file to itself again. After a commit it puts the
 * file on disk before it exits (the store switches the file back to its write-ahead log then,
 * which would otherwise wait for the disk on the store's thread); a failure there is left to
 * that switch, which syncs the file too.
 */
const WRITER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { closeSync, fsyncSync, openSync } = require('node:fs');
const Database = require(workerData.driver);
const { file, sql } = workerData;
let db = null;
function finish(message) {
  if (db && db.open) {
    if (db.inTransaction) db.exec('ROLLBACK');
    db.close();
  }
  parentPort.postMessage(message);
  parentPort.close();
}
function flush() {
  try {
    const fd = openSync(file, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {}
}
try {
  db = new Database(file);
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = off');
  db.pragma('secure_delete = on');
  const upsert = db.prepare(sql.upsert);
  const upsertMany = db.prepare(sql.upsertMany);
  const remove = db.prepare(sql.delete);
  const many = [];
  function run(statements) {
    for (const [text, params] of statements) db.prepare(text).run(...params);
  }
  // In order: the rows gathered so far go in before a deletion, the rest one by one at the end.
  function upsertGathered() {
    for (let i = 0; i < many.length; i += 3) upsert.run(many[i], many[i + 1], many[i + 2]);
    many.length = 0;
  }
  db.exec('BEGIN IMMEDIATE');
  run(workerData.before);
  parentPort.on('message', (message) => {
    try {
      if (message.rows) {
        for (const [collection, id, body] of message.rows) {
          if (body === null) {
            upsertGathered();
            remove.run(collection, id);
          } else if (many.push(collection, id, body) === 3 * workerData.rowsPerStatement) {
            upsertMany.run(many);
            many.length = 0;
          }
        }
        upsertGathered();
        parentPort.postMessage('written');
      } else if (message.commit) {
        run(message.commit);
        db.exec('COMMIT');
        finish('committed');
        flush();
      } else {
        finish('rolled back');
      }
    } catch (error) {
      finish({ error: String((error && error.message) || error) });
    }
  });
} catch (error) {
  finish({ error: String((error && error.message) || error) });
}
`;

/** A statement of the file's transaction and its parameters. */
export type SqlStatement = [sql: string, params: readonly (string | null)[]];

/** What a bulk write runs in its transaction besides the rows: first `before`, last `after`. */
export interface AroundRows {
  before: readonly SqlStatement[];
  after: readonly SqlStatement[];
}

/** The statement that sets a checkpoint. */
export function setCheckpointStatement(name: string, position: bigint): SqlStatement {
  return [WRITE_SQL.setCheckpoint, [name, position.toString()]];
}

/**
 * Writes a commit's rows into the read store's file on a thread of its own, in one transaction
 * with its checkpoint (or, `AroundRows`, with statements run before and after the rows: a
 * rebuild's swap empties the live collections first and sets its checkpoints last): the caller
 * serialises the documents while the writer inserts the rows it was given before (SQLite's
 * inserts were about half of a rebuild's final commit, on the thread that serialised). Fails,
 * having written nothing, when a row cannot be made (`row` throws) or written. The file must be
 * one a second connection can open (not `:memory:`), and nothing else may write to it meanwhile.
 * Resolves once the rows are committed and the writer's connection closed, with `onDisk`:
 * resolved once the writer has put the file on disk and stopped.
 */
export async function writeOnAWorker<T>(
  file: string,
  items: readonly T[],
  row: (item: T) => FileRow,
  checkpoint: { name: string; position: bigint } | AroundRows,
): Promise<{ onDisk: Promise<void> }> {
  const around: AroundRows =
    'name' in checkpoint
      ? { before: [], after: [setCheckpointStatement(checkpoint.name, checkpoint.position)] }
      : checkpoint;
  const writer = new BulkWriter(file, around.before);
  try {
    for (let start = 0; start < items.length; start += ROWS_PER_MESSAGE) {
      const rows: FileRow[] = [];
      const end = Math.min(items.length, start + ROWS_PER_MESSAGE);
      for (let i = start; i < end; i += 1) rows.push(row(items[i]));
      await writer.write(rows);
    }
  } catch (error) {
    await writer.end('abort');
    throw error;
  }
  await writer.end(around.after);
  return { onDisk: writer.exited };
}

/** A bulk commit's writes in key order, as the file keeps its rows. */
export function byCollectionAndId(
  a: { write: ReadModelWrite },
  b: { write: ReadModelWrite },
): number {
  return compareKeys(a.write.collection, idOf(a.write), b.write.collection, idOf(b.write));
}

/** A write's row in the file: its body serialised, or null to delete it. */
export function toFileRow({ write }: { write: ReadModelWrite }): FileRow {
  const body = write.kind === 'upsert' ? JSON.stringify(write.document) : null;
  if (body !== null) assertWithinDocumentLimit(write.collection, idOf(write), body);
  return [write.collection, idOf(write), body];
}

function idOf(write: ReadModelWrite): string {
  return write.kind === 'upsert' ? write.document._id : write.id;
}

/** Whether the writes are in key order already (a rebuild gives them so). */
export function inOrder(writes: readonly { write: ReadModelWrite }[]): boolean {
  for (let i = 1; i < writes.length; i += 1) {
    if (byCollectionAndId(writes[i - 1], writes[i]) > 0) return false;
  }
  return true;
}

/** The writer thread, its messages in flight, and what it failed on. */
class BulkWriter {
  private readonly worker: Worker;
  private inFlight = 0;
  private failure: Error | null = null;
  private ended: string | null = null;
  /** Called when a message is written, the writer ends or fails. */
  private changed: (() => void) | null = null;
  /** Resolves once the writer has stopped. */
  readonly exited: Promise<void>;

  constructor(file: string, before: readonly SqlStatement[]) {
    this.worker = new Worker(WRITER_SOURCE, {
      eval: true,
      workerData: {
        driver: require.resolve('better-sqlite3'),
        file,
        before,
        sql: { ...WRITE_SQL, upsertMany: upsertRowsSql(ROWS_PER_STATEMENT) },
        rowsPerStatement: ROWS_PER_STATEMENT,
      },
    });
    this.worker.on('message', (message: string | { error: string }) => {
      if (message === 'written') this.inFlight -= 1;
      else if (typeof message === 'string') this.ended = message;
      else this.failure ??= new Error(`Writing the read models failed: ${message.error}`);
      this.wake();
    });
    this.worker.on('error', (error) => {
      this.failure ??= error;
      this.wake();
    });
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', () => {
        if (this.ended === null) this.failure ??= new Error('The read models writer stopped');
        this.wake();
        resolve();
      }),
    );
  }

  /** Posts rows; waits while `MESSAGES_AHEAD` are unwritten. Throws what the writer failed on. */
  async write(rows: FileRow[]): Promise<void> {
    this.throwIfFailed();
    this.worker.postMessage({ rows });
    this.inFlight += 1;
    while (this.inFlight >= MESSAGES_AHEAD) {
      await this.next();
      this.throwIfFailed();
    }
  }

  /**
   * Commits after the last statements (the checkpoint's), or rolls back. Resolves once the
   * writer's connection is closed, and, unless it committed (it syncs the file then, `exited`),
   * once the writer has stopped.
   */
  async end(how: readonly SqlStatement[] | 'abort'): Promise<void> {
    if (this.failure === null) {
      this.worker.postMessage(how === 'abort' ? { abort: true } : { commit: how });
    }
    while (this.ended === null && this.failure === null) await this.next();
    if (this.ended !== 'committed') await this.exited;
    if (how !== 'abort') this.throwIfFailed();
  }

  private next(): Promise<void> {
    return new Promise((resolve) => (this.changed = resolve));
  }

  private wake(): void {
    const changed = this.changed;
    this.changed = null;
    changed?.();
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }
}
