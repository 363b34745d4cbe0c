import type Database from 'better-sqlite3';
import type {
  IndexSpec,
  KeptReadModels,
  ReadDocument,
  ReadModelWrite,
  RebuiltReadModel,
} from '../../application/ports/read-store.port';
import { SAVE_INDEX_SQL, SYNCHRONOUS } from './embedded-read-store-file';
import { indexesByCollection } from './rebuilt-read-models';
import type { IndexedCollections, PreparedWrite } from './indexed-collections';
import { deepFreeze, indexSignature } from './indexed-collections';
import {
  type AroundRows,
  byCollectionAndId,
  inOrder,
  setCheckpointStatement,
  type SqlStatement,
  toFileRow,
  writeOnAWorker,
} from './bulk-file-writer';
import { SORTED_WRITES_FROM } from './pending-file-writes';
import type { BackgroundCheckpointer } from '../sqlite/background-checkpointer';
import { ShadowCopies } from './shadow-copies';

/**
 * Bulk commits of this many writes or more are written into the file by a connection on a thread
 * of their own (`writeOnAWorker`) while this one serialises the documents (a rebuild's commits);
 * smaller ones, on this connection, do not wait for a thread to start: below this size starting
 * the thread costs about as much as the inserts it would take off this one.
 */
export const WRITTEN_ON_A_WORKER_FROM = 10_000;

/** What of the embedded read store `EmbeddedRebuild` works on; the store keeps them. */
export interface EmbeddedRebuildDeps {
  db: Database.Database;
  /** The store's file, `:memory:` for a store in memory. */
  file: string;
  /** The documents and their indexes in memory. */
  memory: IndexedCollections;
  /** Copies the write-ahead log into the file off this thread; null for a store in memory. */
  checkpointer: BackgroundCheckpointer | null;
  /** Writes the commits not yet in the file (the store's `flushPending`). */
  flushPending: () => void;
  /** A document's row in the file: its body, or null to delete it. */
  writeRow: (collection: string, id: string, body: string | null) => void;
  /** Runs a write of the running store (the store's `written`: its background checkpoints). */
  written: <T>(write: () => T) => T;
  /** Switches the file to a rollback journal; false (still in WAL mode) when another holds it. */
  leaveWal: () => boolean;
  /** Logs a failure in the background (emptying a table no longer read). */
  warn: (message: string) => void;
}

/**
 * The embedded read store's writes of whole read models into its file: a bulk commit (`commit`
 * with `bulk`) and the rebuild beside the live read models (`beginRebuild`, `writeRebuild`,
 * `swapIn`, `abandonRebuild`, and `dropReadModels` of all but the models it swapped in). A bulk
 * commit and an offline swap are written alike (`writeBulk`): one transaction, not waiting for
 * the disk, on a thread of its own when large, and memory takes the change in one step once the
 * file has it. A swap `whileServing` finds its copies in the file already (`ShadowCopies`). The
 * store delegates these to this class and keeps the rest.
 */
export class EmbeddedRebuild {
  /** Rebuilt read models waiting for `swapIn`: each collection's indexes and writes. */
  private readonly rebuilding = new Map<string, Build>();
  /** The copies written into the file while the live read models serve (`whileServing`). */
  private readonly shadow: ShadowCopies;

  constructor(private readonly deps: EmbeddedRebuildDeps) {
    this.shadow = new ShadowCopies(deps);
    this.shadow.retireLeftovers();
  }

  /** Resolves once the tables no longer read (swapped out, abandoned) are dropped. */
  retired(): Promise<void> {
    return this.shadow.retired();
  }

  /** The store is closing: no further background write. */
  close(): void {
    this.shadow.close();
  }

  /**
   * A rebuild's write, to the file at once: no wait for the disk (a crash of the process still
   * loses nothing; a power cut leaves no projections version stamped, so the log is replayed),
   * and the indexes it changes are sorted once, when next read. Its rows are new, so a rollback
   * journal holds next to nothing of it where the WAL would hold every page once more until
   * copied into the file; that needs the file to itself, else it goes through the WAL. Each
   * document is serialised as it is written, so no commit holds every body at once; one that
   * cannot be fails the transaction, which rolls back, before memory changes. A commit of
   * `WRITTEN_ON_A_WORKER_FROM` writes or more is written by a connection on a thread of its own
   * while this thread serialises the documents (a rebuild's final commit spends about as long
   * serialising as inserting, so doing both at once takes most of the shorter off the rebuild;
   * `rebuild-bench` measures it). With `freeze`, each document is frozen as it is serialised,
   * while the writer inserts the rows before it, instead of all of them first.
   * Memory takes the commit once the rows are committed, while the writer syncs the file (which
   * the switch back to WAL mode would otherwise wait for on this thread).
   */
  commitBulk(
    prepared: readonly PreparedWrite[],
    checkpoint: { name: string; position: bigint },
    freeze: boolean,
  ): Promise<void> {
    const around = {
      before: [],
      after: [setCheckpointStatement(checkpoint.name, checkpoint.position)],
    };
    return this.writeBulk(prepared, around, freeze, () => this.deps.memory.apply(prepared, true));
  }

  /**
   * Copies begun: their writes are kept in memory (an offline swap writes them at once) and
   * written into the file a short transaction per turn meanwhile (`ShadowCopies`), for a swap
   * `whileServing`. An earlier copy is discarded.
   */
  async begin(models: readonly RebuiltReadModel[]): Promise<void> {
    const indexes = indexesByCollection(models);
    for (const [collection, specs] of indexes) {
      this.rebuilding.set(collection, { indexes: specs, writes: [], latest: null });
    }
    this.shadow.begin(indexes);
  }

  async write(writes: readonly ReadModelWrite[]): Promise<void> {
    const builds = writes.map((write) => {
      const build = this.rebuilding.get(write.collection);
      if (!build) throw new Error(`No rebuild of ${write.collection} was begun`);
      return build;
    });
    // Handed over: frozen as each is serialised at the swap, as a bulk commit's are.
    writes.forEach((write, i) => {
      const build = builds[i]!;
      build.writes.push({ write, copy: write.kind === 'upsert' ? write.document : null });
      build.latest?.set(idOf(write), write.kind === 'upsert' ? write.document : null);
    });
    this.shadow.enqueue(
      writes.map((write) => ({ write, copy: write.kind === 'upsert' ? write.document : null })),
    );
  }

  /**
   * A fresh copy's documents as last written. Indexed by id at the first read (a catch-up's),
   * not as the replay's writes land, which nothing reads. Answers once the copy in the file has
   * nearly all the writes (`ShadowCopies.caughtUp`).
   */
  async read(
    collection: string,
    ids: readonly string[],
  ): Promise<Map<string, ReadDocument | null>> {
    const build = this.rebuilding.get(collection);
    if (!build) throw new Error(`No rebuild of ${collection} was begun`);
    await this.shadow.caughtUp();
    if (!build.latest) {
      build.latest = new Map();
      for (const { write } of build.writes) {
        build.latest.set(idOf(write), write.kind === 'upsert' ? write.document : null);
      }
    }
    const latest = build.latest;
    return new Map(ids.map((id) => [id, latest.get(id) ?? null]));
  }

  /**
   * `whileServing`: the copies are in the file already, but for the last steps the swap waits
   * for (`ShadowCopies.swapIn`); it renames them over the live rows in one short transaction and
   * memory takes the collections built beside the live ones.
   *
   * Else (the offline rebuild) the rebuilt documents wait in memory until the swap, which writes them
   * in one transaction with the live collections' rows deleted, their indexes replaced and the
   * checkpoints set (a bulk commit's write, on a thread of its own when large): a crash leaves
   * the file with the old read models or the new. Memory then takes the new ones in one step.
   */
  async swapIn(
    collections: readonly string[],
    checkpoints: readonly { name: string; position: bigint | null }[],
    options: { whileServing?: boolean } = {},
  ): Promise<void> {
    const names = [...new Set(collections)];
    const builds = names.map((name) => {
      const build = this.rebuilding.get(name);
      if (!build) throw new Error(`No rebuild of ${name} was begun`);
      return build;
    });
    const before: SqlStatement[] = [];
    names.forEach((name, i) => {
      before.push(['DELETE FROM documents WHERE collection = ?', [name]]);
      before.push(['DELETE FROM indexes WHERE collection = ?', [name]]);
      for (const spec of builds[i]!.indexes) {
        before.push([SAVE_INDEX_SQL, [name, indexSignature(spec)]]);
      }
    });
    const after = checkpoints.map(({ name, position }): SqlStatement =>
      position === null
        ? ['DELETE FROM checkpoints WHERE name = ?', [name]]
        : setCheckpointStatement(name, position),
    );
    if (options.whileServing === true) {
      const indexes = new Map(names.map((name, i) => [name, builds[i]!.indexes]));
      await this.shadow.swapIn(names, indexes, after, this.deps.memory);
      for (const name of names) this.rebuilding.delete(name);
      return;
    }
    this.shadow.discard();
    const prepared = builds.flatMap((build) => build.writes);
    const { memory } = this.deps;
    await this.writeBulk(prepared, { before, after }, true, () => {
      names.forEach((name, i) => memory.replaceCollection(name, builds[i]!.indexes));
      memory.apply(prepared, true);
    });
    for (const name of names) this.rebuilding.delete(name);
  }

  async abandon(collections: readonly string[]): Promise<void> {
    for (const name of collections) this.rebuilding.delete(name);
    this.shadow.discard();
  }

  /**
   * `dropReadModels` of every collection and checkpoint but those kept (a rebuild's just swapped
   * in, when the rest is reset after it), in one transaction.
   */
  dropAllBut(keep: KeptReadModels): void {
    const { db, memory } = this.deps;
    this.deps.flushPending();
    const kept = new Set(keep.collections);
    const checkpoints = new Set(keep.checkpoints);
    const names = (sql: string) =>
      db
        .prepare<[], { name: string }>(sql)
        .all()
        .map((row) => row.name);
    this.deps.written(() =>
      db.transaction(() => {
        for (const name of names('SELECT name FROM checkpoints')) {
          if (checkpoints.has(name)) continue;
          db.prepare('DELETE FROM checkpoints WHERE name = ?').run(name);
        }
        for (const name of names('SELECT DISTINCT collection AS name FROM documents')) {
          if (kept.has(name)) continue;
          db.prepare('DELETE FROM documents WHERE collection = ?').run(name);
        }
      })(),
    );
    for (const name of memory.collectionNames()) {
      if (!kept.has(name)) memory.clearCollection(name);
    }
  }

  /**
   * `commitBulk`'s write, with `around`'s statements in its transaction, and `inMemory` the
   * change memory takes once the file has it (in one step: no reader sees half of it).
   */
  private async writeBulk(
    prepared: readonly PreparedWrite[],
    around: AroundRows,
    freeze: boolean,
    inMemory: () => void,
  ): Promise<void> {
    const { db, file, checkpointer } = this.deps;
    this.deps.flushPending();
    // In key order, many rows land on each B-tree page in turn instead of one each (a sort is
    // stable: a document written twice keeps its last write).
    const ordered =
      prepared.length > SORTED_WRITES_FROM && !inOrder(prepared)
        ? [...prepared].sort(byCollectionAndId)
        : prepared;
    const row = freeze ? frozenFileRow : toFileRow;
    const runAll = (statements: readonly SqlStatement[]) => {
      for (const [sql, params] of statements) db.prepare(sql).run(...params);
    };
    const write = db.transaction(() => {
      runAll(around.before);
      for (const item of ordered) {
        const [collection, id, body] = row(item);
        this.deps.writeRow(collection, id, body);
      }
      runAll(around.after);
    });
    await checkpointer?.release();
    const rollbackJournal = this.deps.leaveWal();
    db.pragma('synchronous = off');
    try {
      if (file !== ':memory:' && ordered.length >= WRITTEN_ON_A_WORKER_FROM) {
        const { onDisk } = await writeOnAWorker(file, ordered, row, around);
        inMemory();
        await onDisk;
      } else {
        write();
        inMemory();
      }
    } finally {
      db.pragma(`synchronous = ${SYNCHRONOUS}`);
      if (rollbackJournal) db.pragma('journal_mode = WAL');
    }
  }
}

/** A rebuilt collection waiting for the swap: its indexes, writes, and (once read) latest by id. */
interface Build {
  indexes: readonly IndexSpec[];
  writes: PreparedWrite[];
  latest: Map<string, ReadDocument | null> | null;
}

function idOf(write: ReadModelWrite): string {
  return write.kind === 'upsert' ? write.document._id : write.id;
}

/** A handed-over document's row, the document frozen first (as the store keeps it). */
function frozenFileRow(item: PreparedWrite) {
  if (item.copy) deepFreeze(item.copy);
  return toFileRow(item);
}
