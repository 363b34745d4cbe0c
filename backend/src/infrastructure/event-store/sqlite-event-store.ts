import { Logger } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import type { RecordedEvent } from '../../domain/shared/event';
import {
  AppendTooLargeError,
  type AppendResult,
  type EventHandler,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadAllPagesOptions,
  readAllInPages,
  type ReadStreamOptions,
  type SubscribeToAllOptions,
  type Subscription,
  MAX_APPEND_BYTES,
  WrongExpectedVersionError,
} from '../../application/ports/event-store.port';
import { openEventLog } from './sqlite-event-log-schema';
import {
  appendBytes,
  firstAppended,
  type AppendOutcome,
  type ImportedStream,
  type ImportResult,
  type PendingAppend,
  type SerializedEvent,
  serializedEvent,
  freezeEvent,
  toRecordedEvent,
} from './sqlite-event-rows';
import {
  BackgroundCheckpointer,
  FALLBACK_AUTOCHECKPOINT_PAGES,
} from '../sqlite/background-checkpointer';
import { type Flush, WalSync } from '../sqlite/wal-sync';
import { UnflushedEvents } from './unflushed-events';
import {
  type EventStatements,
  prepareStatements,
  SUBSCRIPTION_PAGE,
} from './sqlite-event-statements';
import { readLogAhead } from './sqlite-log-reader';
import { SqliteStreamWriter } from './sqlite-stream-writer';
import { pollingSubscription } from './sqlite-subscription';

export type { ImportedStream, ImportResult } from './sqlite-event-rows';

export interface SqliteEventStoreOptions {
  /**
   * 'full': no append answers before the write-ahead log holding it is on the disk, so an append
   * that answered survives a power cut, and subscriptions see an append of this process only
   * then; 'normal' survives a process crash only. The log is the source of truth: full.
   */
  synchronous?: 'full' | 'normal';
  /** How the log's file is flushed to the disk ('full'): fdatasync, unless a test says. */
  flush?: Flush;
  /** Other processes may append to the same file; live subscriptions poll this often for them. */
  pollIntervalMs?: number;
  /** Events to read from which `readAllPages` reads ahead on a thread (`READ_AHEAD_FROM`). */
  readAheadFrom?: number;
}

/** Past any revision a stream can reach (SQLite's largest integer). */
const LAST_REVISION = 2n ** 63n - 1n;
/**
 * Appends from which a group that finds the disk idle is committed in two transactions. Two
 * flushes cost more disk time than one, which the overlap pays back only when writing the second
 * half takes about as long as a flush's fixed latency: a few concurrent writers lose by splitting,
 * many gain (the appends rows of `npm run bench`; figures in docs/bench/history.md).
 */
const SPLIT_FROM_APPENDS = 16;
/**
 * Events from which a read of the log in pages is read ahead on a thread of its own: the thread
 * takes a while to start (its own SQLite driver) and saves the caller's thread a little on each
 * event, so a shorter read (a new app's first start) stays on the caller's thread, where starting
 * the thread would cost more than it saves (figures in docs/bench/profiles.md).
 */
const READ_AHEAD_FROM = 20_000;
/** Page cache while a bulk import runs (SQLite's default is 2 MB). */
const IMPORT_CACHE_KIB = 512 * 1024;

/**
 * The embedded event store: one SQLite file in WAL mode with EventStoreDB's semantics. Appends run
 * in IMMEDIATE transactions, so writers, even in other processes, are serialised by SQLite and the
 * expected-revision check cannot race. The log is checkpointed on a connection of its own
 * (../sqlite/background-checkpointer.ts) and flushed off this thread (../sqlite/wal-sync.ts) before
 * the appends answer.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly file: string;
  private readonly readAheadFrom: number;
  private readonly appended = new EventEmitter();
  private readonly pollIntervalMs: number;
  private readonly logger = new Logger('EventStore');
  private closed = false;
  private readonly statements: EventStatements;
  private readonly writer: SqliteStreamWriter;
  /** Writes one group of appends in one transaction; a refused append writes nothing of its own. */
  private readonly writeGroup;
  /** Appends waiting for the next group commit, in the order they were asked for. */
  private pending: PendingAppend[] = [];
  private readonly checkpointer: BackgroundCheckpointer | null;
  /** Flushes the write-ahead log to the disk off this thread; null unless 'full' on a file. */
  private readonly walSync: WalSync | null;
  /** What is committed but not yet flushed, kept from subscriptions; null with no flushes. */
  private readonly unflushed: UnflushedEvents | null;
  /** The page a subscription read last in this turn of the event loop (`durablePage`). */
  private sharedPage: { after: bigint | undefined; page: RecordedEvent[] } | null = null;

  constructor(file: string, options: SqliteEventStoreOptions = {}) {
    const synchronous = options.synchronous ?? 'full';
    const durable = synchronous === 'full' && file !== ':memory:';
    this.file = file;
    this.readAheadFrom = options.readAheadFrom ?? READ_AHEAD_FROM;
    // A durable commit is made by flushing the log after it, not inside it (see appendToStream).
    this.db = openEventLog(file, durable ? 'normal' : synchronous);
    this.walSync = durable ? new WalSync(`${file}-wal`, options.flush) : null;
    this.unflushed = this.walSync && new UnflushedEvents(this.walSync);
    // Checkpoints run on a connection of their own, off the appends' thread.
    this.checkpointer =
      file === ':memory:'
        ? null
        : new BackgroundCheckpointer(file, synchronous, (message) =>
            this.logger.warn(`Background checkpoint failed: ${message}`),
          );
    if (this.checkpointer) this.db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.appended.setMaxListeners(0);
    this.statements = prepareStatements(this.db);
    this.writer = new SqliteStreamWriter(this.statements);
    this.writeGroup = this.db.transaction((group: readonly PendingAppend[], createdAt: string) =>
      group.map((append): AppendOutcome => {
        try {
          const written = this.writer.append(
            append.streamId,
            append.rows,
            append.expected,
            createdAt,
          );
          return { ok: true, ...written };
        } catch (error) {
          // A refused append has written nothing (the checks come before any insert); any
          // other failure is SQLite's and fails the whole group, rolled back.
          if (error instanceof WrongExpectedVersionError) return { ok: false, error };
          throw error;
        }
      }),
    );
  }

  /**
   * Group commit: appends asked for in one turn of the event loop share one IMMEDIATE transaction,
   * and so one fsync, in the order asked. A failed expected-revision check or conflicting replay
   * refuses that append only (the checks come before any insert), and later appends see earlier
   * ones. No append answers before its transaction has committed and its log is on disk; a failed
   * commit fails every append in it (a large group may be two transactions: commitPending). The
   * commit does not wait for the disk, so the thread goes on while the log is flushed. Reads in
   * this process see a commit at once; subscriptions once flushed, so nothing acts on an event a
   * power cut could still take back.
   */
  appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    try {
      this.assertOpen();
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const expected = options.expectedRevision ?? 'any';
    // Serialised before it joins a group: inside the transaction only SQLite can fail.
    let rows: SerializedEvent[];
    try {
      rows = events.map(serializedEvent);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    // EventStoreDB's limit, so that what passes here passes there.
    const bytes = appendBytes(rows);
    if (bytes > MAX_APPEND_BYTES) {
      return Promise.reject(new AppendTooLargeError(streamId, bytes));
    }
    return new Promise<AppendResult>((resolve, reject) => {
      this.pending.push({ streamId, rows, expected, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.commitPending());
    });
  }

  /**
   * Writes the waiting appends, then answers each of them: in one transaction, unless they are
   * many and the disk is idle. Then the first half is committed on its own, so that its flush
   * starts at once and runs while the thread writes the second half (which waits for the next
   * flush); a group that finds a flush under way would wait for the next one whole anyway.
   */
  private commitPending(): void {
    const group = this.pending;
    this.pending = [];
    if (group.length >= SPLIT_FROM_APPENDS && this.walSync && !this.walSync.flushing) {
      const half = Math.ceil(group.length / 2);
      this.commitGroup(group.slice(0, half));
      this.commitGroup(group.slice(half));
    } else {
      this.commitGroup(group);
    }
  }

  /** Writes a group of appends in one transaction, then answers each of them. */
  private commitGroup(group: PendingAppend[]): void {
    if (group.length === 0) return;
    if (this.closed) {
      for (const append of group) append.reject(new Error('The event store is closed'));
      return;
    }
    let outcomes: AppendOutcome[];
    try {
      if (this.checkpointer?.takeCatchUp()) this.db.pragma('wal_checkpoint(PASSIVE)');
      outcomes = this.writeGroup.immediate(group, new Date().toISOString());
    } catch (error) {
      for (const append of group) append.reject(error);
      return;
    }
    this.checkpointer?.committed();
    this.sharedPage = null;
    const appended = firstAppended(group, outcomes);
    const answer = () => {
      if (appended !== null) this.appended.emit('append');
      outcomes.forEach((outcome, i) => {
        if (outcome.ok) group[i].resolve(outcome.result);
        else group[i].reject(outcome.error);
      });
    };
    if (!this.unflushed) return answer();
    this.unflushed.flushed(appended).then(answer, (error: Error) => {
      // What this group wrote stays hidden from subscriptions: the disk may not have it.
      this.logger.error(error.message);
      for (const append of group) append.reject(error);
    });
  }

  /**
   * A page of the log for a subscription: up to the first commit not yet on the disk. An append
   * wakes every subscription (six in the app) at the same position, and each used to read the
   * same rows and parse the same JSON: a page read is handed to the others
   * that ask for the same one in the same turn of the event loop, before any commit. Its events
   * are frozen, as they are shared.
   */
  private durablePage(after: bigint | undefined): RecordedEvent[] {
    const shared = this.sharedPage;
    let page = shared !== null && shared.after === after ? shared.page : null;
    if (page === null) {
      page = this.statements.readPage.all(after ?? 0n).map(toRecordedEvent);
      for (const event of page) freezeEvent(event);
      if (this.sharedPage === null) setImmediate(() => (this.sharedPage = null));
      this.sharedPage = { after, page };
    }
    return this.unflushed ? this.unflushed.visible(page) : page;
  }

  /**
   * Seeding only (benchmarks, fixtures), never the app: writes many new streams in one transaction,
   * each exactly as `appendToStream` with `no_stream` would. A stream that exists already (or comes
   * twice) fails the whole import with WrongExpectedVersionError, and nothing is written. Streams
   * may come from a generator, so a large log need not be held in memory.
   */
  async importEvents(streams: Iterable<ImportedStream>): Promise<ImportResult> {
    this.assertOpen();
    // Stream ids arrive in no order, so every insert lands somewhere else in the two stream
    // indexes: with SQLite's default 2 MB page cache that is a disk read per row.
    const cacheSize = this.db.pragma('cache_size', { simple: true }) as bigint | number;
    this.db.pragma(`cache_size = -${IMPORT_CACHE_KIB}`);
    try {
      return this.importInTransaction(streams);
    } finally {
      this.db.pragma(`cache_size = ${cacheSize}`);
    }
  }

  private async importInTransaction(streams: Iterable<ImportedStream>): Promise<ImportResult> {
    const head = this.headPositionSync();
    const result = this.db
      .transaction(() => {
        const createdAt = new Date().toISOString();
        const imported: ImportResult = { streams: 0, events: 0, position: null };
        for (const stream of streams) {
          const position = this.writer.importStream(stream, createdAt);
          if (position === null) continue;
          imported.position = position;
          imported.streams += 1;
          imported.events += stream.events.length;
        }
        return imported;
      })
      .immediate();
    if (result.events === 0) return result;
    this.sharedPage = null;
    await this.unflushed?.flushed((head ?? 0n) + 1n);
    this.appended.emit('append');
    return result;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const asked = options.fromRevision ?? 0n;
    const from = asked > 0n ? asked : 0n;
    // Revisions run from 0 without gaps: the first maxCount events from `from` end before this.
    const count = options.maxCount === undefined ? null : Math.max(0, Math.trunc(options.maxCount));
    const end =
      count === null || BigInt(count) > LAST_REVISION - from ? LAST_REVISION : from + BigInt(count);
    return this.statements.readStream.all(streamId, from, end).map(toRecordedEvent);
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | null> {
    this.assertOpen();
    const row = this.statements.readLast.get(streamId);
    return row ? toRecordedEvent(row) : null;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.statements.readAll
      .all(options.after ?? 0n, options.maxCount ?? Number.MAX_SAFE_INTEGER)
      .map(toRecordedEvent);
  }

  /**
   * Read ahead on a thread of its own (`readLogAhead`), but for a short read (`READ_AHEAD_FROM`)
   * and for a log only this connection sees.
   */
  readAllPages(options: ReadAllPagesOptions): AsyncIterable<RecordedEvent[]> {
    this.assertOpen();
    const after = options.after ?? 0n;
    const events = (this.headPositionSync() ?? 0n) - after;
    if (this.file === ':memory:' || events < BigInt(this.readAheadFrom)) {
      return readAllInPages(this, options);
    }
    return readLogAhead(this.file, after, options.pageSize);
  }

  async headPosition(): Promise<bigint | null> {
    this.assertOpen();
    return this.headPositionSync();
  }

  private headPositionSync(): bigint | null {
    return this.writer.headPosition();
  }

  subscribeToAll(
    options: SubscribeToAllOptions,
    handler: EventHandler,
    onError?: (error: unknown) => void,
  ): Subscription {
    return pollingSubscription(
      {
        readPage: (after) => this.durablePage(after),
        pageSize: SUBSCRIPTION_PAGE,
        appended: this.appended,
        pollIntervalMs: this.pollIntervalMs,
        isClosed: () => this.closed,
      },
      options.after,
      handler,
      onError,
    );
  }

  /** Personal data in the log is sealed; still, an erasure leaves no older page in the WAL. */
  async scrubFreedSpace(): Promise<void> {
    if (this.closed) return;
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // Appends already asked for are written (and answered) before the file closes.
    this.commitPending();
    this.closed = true;
    await this.walSync?.close();
    this.appended.emit('append');
    await this.checkpointer?.close();
    this.db.close();
  }

  private assertOpen() {
    if (this.closed) throw new Error('The event store is closed');
    if (this.walSync?.failed) throw this.walSync.failed;
  }
}
