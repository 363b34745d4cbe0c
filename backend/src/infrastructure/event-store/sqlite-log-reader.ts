import { on } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { RecordedEvent } from '../../domain/shared/event';
import { EVENT_COLUMNS, fromParsedRow, type ParsedEventRow } from './sqlite-event-rows';

/**
 * Pages a reader posts before the caller has taken them: enough that the caller never waits
 * while it works through one, few enough that a reader faster than its caller holds little of
 * the log in memory.
 */
const PAGES_AHEAD = 4;

/**
 * The reader: its own read-only connection, one read of the log in position order (one snapshot),
 * each page posted as one JSON text with the stored JSON set in as it is, so the caller parses a
 * page with one `JSON.parse` and this thread pays for SQLite and the copying. Waits while
 * `PAGES_AHEAD` pages are untaken (`ahead`, shared with the caller); posts a failure as
 * `{ error }`.
 */
const READER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const { file, columns, after, pageSize, ahead, pagesAhead } = workerData;
function post(text) {
  for (let posted = Atomics.load(ahead, 0); posted >= pagesAhead; posted = Atomics.load(ahead, 0)) {
    Atomics.wait(ahead, 0, posted);
  }
  Atomics.add(ahead, 0, 1);
  parentPort.postMessage(text + ']');
}
let db = null;
try {
  db = new Database(file, { readonly: true });
  db.defaultSafeIntegers(true);
  const rows = db
    .prepare('SELECT ' + columns + ' FROM events WHERE position > ? ORDER BY position')
    .raw(true)
    .iterate(BigInt(after));
  let text = '[';
  let count = 0;
  for (const row of rows) {
    if (count > 0) text += ',';
    text += '["' + row[0] + '",' + JSON.stringify(row[1]) + ',' + JSON.stringify(row[2]) + ',"' +
      row[3] + '",' + JSON.stringify(row[4]) + ',' + row[5] + ',' + row[6] + ',' +
      JSON.stringify(row[7]) + ']';
    count += 1;
    if (count === pageSize) {
      post(text);
      text = '[';
      count = 0;
    }
  }
  if (count > 0) post(text);
  parentPort.postMessage(null);
} catch (error) {
  parentPort.postMessage({ error: String((error && error.message) || error) });
} finally {
  if (db) db.close();
}
`;

/**
 * Every event of the log file after `after`, in pages of `pageSize`, read on a thread of its own
 * while the caller works on the page before, which leaves the caller only the parsing (figures in
 * `docs/bench/profiles.md`). The file must open on a second connection (not `:memory:`); the pages
 * are one snapshot of the log. Stopping early ends the reader.
 */
export async function* readLogAhead(
  file: string,
  after: bigint,
  pageSize: number,
): AsyncGenerator<RecordedEvent[]> {
  const ahead = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const worker = new Worker(READER_SOURCE, {
    eval: true,
    workerData: {
      driver: require.resolve('better-sqlite3'),
      file,
      columns: EVENT_COLUMNS,
      after: after.toString(),
      pageSize,
      ahead,
      pagesAhead: PAGES_AHEAD,
    },
  });
  // A reader that ends without its last message (it cannot: it posts what it failed on) would
  // otherwise leave the caller waiting.
  const exited = new AbortController();
  worker.once('exit', () => exited.abort(new Error('The log reader stopped before the end')));
  try {
    for await (const [message] of on(worker, 'message', { signal: exited.signal })) {
      if (message === null) return;
      if (typeof message !== 'string') {
        throw new Error(`Reading the log failed: ${(message as { error: string }).error}`);
      }
      Atomics.sub(ahead, 0, 1);
      Atomics.notify(ahead, 0);
      yield (JSON.parse(message) as ParsedEventRow[]).map(fromParsedRow);
    }
  } finally {
    await worker.terminate();
  }
}
