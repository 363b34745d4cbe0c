import {
  BSON,
  type ClientSession,
  type Collection,
  type Db,
  type Document,
  type Filter as MongoFilter,
  MongoClient,
  type TransactionOptions,
} from 'mongodb';
import {
  CHECKPOINTS,
  COUNTERS,
  LEASES,
  type CheckpointDocument,
  type CounterDocument,
  DUPLICATE_KEY,
  NAMESPACE_NOT_FOUND,
  bulkParts,
  checkpointDocument,
  countBeforePipeline,
  countsBefore,
  counterIncrementPipeline,
  databaseNameFromUrl,
  groupWritesByCollection,
  hasErrorCode,
  pageFilter,
  parseCheckpointPosition,
  REBUILD_SUFFIX,
  totalSort,
} from './mongo-read-store.mapping';
import type { BatchReads, BatchResults, BoundedCount } from '../../application/ports/read-batch';
import { checkSortedIn } from '../../application/ports/read-queries';
import { batchAnswers, batchPipeline, countWithin } from './mongo-read-batch';
import { createDeclaredIndexes, dropIfThere, MongoRebuild } from './mongo-rebuild';
import {
  GENERATION_ID,
  type GenerationDocument,
  GenerationFollower,
  ReadModelNames,
  parseGenerationCollection,
  resolveBatchReads,
} from './mongo-generations';
import { MongoCheckpointFeed } from './mongo-checkpoint-feed';
import type {
  CheckpointListener,
  CountOptions,
  CommitOptions,
  Filter,
  FindOptions,
  IndexSpec,
  KeptReadModels,
  ReadDocument,
  ReadModelWrite,
  ReadStore,
  RebuiltReadModel,
  Sort,
} from '../../application/ports/read-store.port';
import {
  AnswerTooLargeError,
  DocumentTooLargeError,
  MAX_DOCUMENT_BYTES,
} from '../../application/ports/read-store.port';

/** MongoDB's error for a document, an aggregation's answer too, past its size limit. */
const BSON_OBJECT_TOO_LARGE = 10334;

interface LeaseDocument {
  _id: string;
  holder: string;
  expiresAt: Date;
}

export interface MongoReadStoreOptions {
  /** When counters count as expired; the TTL monitor that deletes them uses the server clock. */
  now?: () => Date;
  /** How long a rebuild's swap keeps the collections it replaced (default 60 s). */
  retireAfterMs?: number;
  /** How often the generation is read while no change stream pushes it (default 1 s). */
  generationPollMs?: number;
}

/**
 * Reading the checkpoint and writing the documents see one majority-committed snapshot, and the
 * commit is acknowledged by a majority, so a failover cannot roll back a stored checkpoint. The
 * server's transaction limits it relies on are in docs/configuration.md (`MONGODB_URL`): its run
 * time, and its short lock wait, by which a pending `renameCollection` or `createIndex` aborts it
 * as transient. No `maxCommitTimeMS`: a commit waits for a majority however long. Reads
 * are on the primary, so a checkpoint wait sees the transaction's documents without causal
 * sessions.
 */
const TRANSACTION_OPTIONS: TransactionOptions = {
  readConcern: { level: 'snapshot' },
  writeConcern: { w: 'majority' },
  readPreference: 'primary',
};

/**
 * The production read store: MongoDB, one collection per read model, plus `_checkpoints` and
 * `_counters`. Needs a replica set on MongoDB 5.1 or newer: `commit` runs in a multi-document
 * transaction, which a standalone refuses, and may create a collection inside it (4.4); `readMany`
 * starts from `$documents` (5.1). Declared indexes end with `_id`, the tie-breaker every sort ends
 * with, so a sorted page and its keyset filter follow one index.
 *
 * `commit` applies its writes only if it moves the checkpoint forward, so a runner that lost its
 * lease changes nothing. This keeps the checkpoint from going backwards; it does not make two
 * runners at once safe, as each computes its writes from what it read before.
 */
export class MongoReadStore implements ReadStore {
  private readonly now: () => Date;
  /** The rebuild beside the live read models. */
  private readonly rebuild: MongoRebuild;
  /** The collection each read model is in: the live generation's, as this process knows it. */
  private readonly names = new ReadModelNames();
  private readonly generationPollMs: number | undefined;
  private follower: GenerationFollower | null = null;
  /** The change stream on the checkpoints, opened at the first `watchCheckpoint`. */
  private checkpointFeed: MongoCheckpointFeed | null = null;

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    options: MongoReadStoreOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.generationPollMs = options.generationPollMs;
    this.rebuild = new MongoRebuild(client, db, TRANSACTION_OPTIONS, this.names, {
      retireAfterMs: options.retireAfterMs,
      now: this.now,
    });
  }

  /** `dbName` defaults to the database in the URL's path, else 'solescore'. */
  static async connect(
    url: string,
    dbName?: string,
    options: MongoReadStoreOptions = {},
  ): Promise<MongoReadStore> {
    // Undefined fields are left out, as JSON and the embedded store do, rather than stored as null.
    const client = new MongoClient(url, { ignoreUndefined: true });
    await client.connect();
    try {
      const store = new MongoReadStore(
        client,
        client.db(dbName ?? databaseNameFromUrl(url)),
        options,
      );
      await store.open();
      return store;
    } catch (error) {
      await client.close();
      throw error;
    }
  }

  /**
   * Reads the live generation and follows it from then on (`connect` calls this; a store made
   * with `new` calls it before its first read).
   */
  async open(): Promise<void> {
    await this.ensureCounterExpiry();
    await this.refreshGeneration();
    this.follower ??= new GenerationFollower(
      () => this.refreshGeneration(),
      (listener) => this.watchCheckpoint(GENERATION_ID, listener),
      { pollMs: this.generationPollMs },
    );
    this.follower.start();
  }

  async findOne<T extends ReadDocument>(collection: string, filter: Filter): Promise<T | null> {
    return (await this.collection(collection).findOne(
      filter as MongoFilter<ReadDocument>,
    )) as T | null;
  }

  async find<T extends ReadDocument>(
    collection: string,
    filter: Filter,
    options: FindOptions = {},
  ): Promise<T[]> {
    const { sort, after } = options;
    if (sort !== undefined || after !== undefined) checkSortedIn(filter);
    let cursor = this.collection(collection).find(
      pageFilter(filter, sort, after) as MongoFilter<ReadDocument>,
    );
    if (sort !== undefined || after !== undefined) cursor = cursor.sort(totalSort(sort));
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as T[];
  }

  async count(collection: string, filter: Filter, options: CountOptions = {}): Promise<number> {
    if (options.sort !== undefined || options.after !== undefined) checkSortedIn(filter);
    return this.collection(collection).countDocuments(
      pageFilter(filter, options.sort, options.after) as MongoFilter<ReadDocument>,
    );
  }

  async countBefore(
    collection: string,
    filter: Filter,
    sort: Sort,
    positions: readonly Record<string, unknown>[],
  ): Promise<number[]> {
    if (positions.length === 0) return [];
    checkSortedIn(filter);
    const [result] = await this.collection(collection)
      .aggregate(countBeforePipeline(filter, sort, positions))
      .toArray();
    return countsBefore(result, positions.length);
  }

  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    // Creating an index that exists with the same keys is a no-op, so every start may ask.
    await createDeclaredIndexes(this.collection(collection), indexes);
  }

  async commit(
    writes: readonly ReadModelWrite[],
    checkpoint: { name: string; position: bigint },
    options: CommitOptions = {},
  ): Promise<void> {
    // The server's limit, named as the embedded store names it, before anything is written.
    for (const write of writes) {
      if (
        write.kind === 'upsert' &&
        BSON.calculateObjectSize(write.document) > MAX_DOCUMENT_BYTES
      ) {
        throw new DocumentTooLargeError(write.collection, write.document._id);
      }
    }
    if (!options.bulk) return this.commitInTransaction(writes, checkpoint);
    for (const part of bulkParts(writes, checkpoint)) {
      await this.commitInTransaction(part.writes, part.checkpoint);
    }
  }

  private async commitInTransaction(
    writes: readonly ReadModelWrite[],
    checkpoint: { name: string; position: bigint },
  ): Promise<void> {
    const target = checkpointDocument(checkpoint.name, checkpoint.position);
    const groups = groupWritesByCollection(writes);
    const session = this.client.startSession();
    try {
      // The driver reruns this callback on TransientTransactionError, and the commit on
      // UnknownTransactionCommitResult, for up to 120 s (mongodb 6.x lib/sessions.js
      // withTransaction), so it must be safe to repeat: the checkpoint compare-and-set is.
      await session.withTransaction(async () => {
        if (!(await this.advanceCheckpoint(target, session))) return;
        // The generation as of this transaction's snapshot: a swap committed meanwhile moved
        // the checkpoints too, so this transaction conflicts with it and is run again.
        this.names.take(await this.generations().findOne({ _id: GENERATION_ID }, { session }));
        for (const [name, operations] of groups) {
          await this.collection(name).bulkWrite(operations, { session, ordered: true });
        }
      }, TRANSACTION_OPTIONS);
    } finally {
      await session.endSession();
    }
  }

  /** Read with the generation, in one round trip: a runner starting after a swap writes into it. */
  async getCheckpoint(name: string): Promise<bigint | null> {
    const found = await this.checkpoints()
      .find({ _id: { $in: [name, GENERATION_ID] } })
      .toArray();
    const generation = found.find((document) => document._id === GENERATION_ID);
    if (generation) this.names.take(generation as GenerationDocument);
    const document = found.find((document) => document._id === name);
    return document ? parseCheckpointPosition(document) : null;
  }

  async dropReadModels(keep?: KeptReadModels): Promise<void> {
    const kept = new Set(keep?.collections);
    const collections = (await this.db.listCollections({}, { nameOnly: true }).toArray()).filter(
      ({ name }) => !kept.has(name),
    );
    // Checkpoints go first: a crash part-way then replays from the start instead of trusting a
    // checkpoint whose documents were already dropped.
    collections.sort((a, b) => Number(b.name === CHECKPOINTS) - Number(a.name === CHECKPOINTS));
    for (const { name } of collections) {
      // Counters are rate limits, not derived from the log: a rebuild must not reset them.
      if (name === COUNTERS || name === LEASES || name.startsWith('system.')) continue;
      if (name === CHECKPOINTS && keep) {
        await this.checkpoints().deleteMany(
          { _id: { $nin: [...keep.checkpoints] } },
          { writeConcern: { w: 'majority' } },
        );
        continue;
      }
      // A rebuild's copy of an older release, left by one that was cut short: dropped.
      if (name.endsWith(REBUILD_SUFFIX)) {
        await dropIfThere(this.db, name);
        continue;
      }
      const indexes = name === CHECKPOINTS ? [] : await this.declaredIndexes(name);
      try {
        await this.db.dropCollection(name);
      } catch (error) {
        // Another process dropped it between the listing and now: the goal is reached.
        if (!hasErrorCode(error, NAMESPACE_NOT_FOUND)) throw error;
      }
      // The projections declared these, they are not derived from the log: kept, emptied, under
      // the read model's own name (the generation document went with the checkpoints).
      const home = parseGenerationCollection(name)?.name ?? name;
      for (const index of indexes) {
        await this.db.collection(home).createIndex(index.key, { name: index.name });
      }
    }
    this.names.reset();
  }

  beginRebuild(models: readonly RebuiltReadModel[]): Promise<void> {
    return this.rebuild.begin(models);
  }

  writeRebuild(writes: readonly ReadModelWrite[]): Promise<void> {
    return this.rebuild.write(writes);
  }

  readRebuilt: ReadStore['readRebuilt'] = (collection, ids) => this.rebuild.read(collection, ids);

  swapIn(
    collections: readonly string[],
    checkpoints: readonly { name: string; position: bigint | null }[],
  ): Promise<void> {
    return this.rebuild.swapIn(collections, checkpoints);
  }

  abandonRebuild(collections: readonly string[]): Promise<void> {
    return this.rebuild.abandon(collections);
  }

  /** Resolves once the collections replaced by this process's swaps are dropped. */
  retired(): Promise<void> {
    return this.rebuild.retired();
  }

  async increment(key: string, expiresAt: Date, by = 1): Promise<number> {
    const pipeline = counterIncrementPipeline(expiresAt, this.now(), by);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const counter = await this.counters().findOneAndUpdate({ _id: key }, pipeline, {
          upsert: true,
          returnDocument: 'after',
        });
        if (!counter) throw new Error(`Counter ${key} was not stored`);
        return counter.value;
      } catch (error) {
        // Two first uses of a key both try to insert it; the loser counts on the winner's
        // document. The server retries most of these itself; this covers the rest.
        if (attempt < 3 && hasErrorCode(error, DUPLICATE_KEY)) continue;
        throw error;
      }
    }
  }

  countWithin(counts: readonly BoundedCount[]): Promise<boolean[]> {
    return countWithin(this.counters(), counts, this.now());
  }

  async readMany<Reads extends BatchReads>(reads: Reads): Promise<BatchResults<Reads>> {
    for (const { spec } of Object.values(reads)) {
      const sorted =
        (spec.kind === 'find' || spec.kind === 'count') &&
        (spec.options?.sort !== undefined || spec.options?.after !== undefined);
      if (sorted || spec.kind === 'countBefore') checkSortedIn(spec.filter);
    }
    // Every collection of the batch from one generation.
    const resolved = resolveBatchReads(reads, this.names.snapshot());
    let result: Document | undefined;
    try {
      [result] = await this.db.aggregate(batchPipeline(resolved, this.now())).toArray();
    } catch (error) {
      // The batch's one answer document would pass the size limit: named as the port names it.
      if (hasErrorCode(error, BSON_OBJECT_TOO_LARGE)) throw new AnswerTooLargeError(null);
      throw error;
    }
    return batchAnswers(resolved, result);
  }

  async counter(key: string): Promise<number> {
    // The TTL monitor deletes expired counters only once a minute: compare the time as well.
    const counter = await this.counters().findOne({ _id: key, expiresAt: { $gt: this.now() } });
    return counter?.value ?? 0;
  }

  async acquireLease(name: string, holder: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    try {
      // Matches only a lease that is ours or has expired; when another holder has a live one,
      // the upsert collides with its _id and the answer is no.
      await this.db
        .collection<LeaseDocument>(LEASES)
        .updateOne(
          { _id: name, $or: [{ holder }, { expiresAt: { $lte: now } }] },
          { $set: { holder, expiresAt: new Date(now.getTime() + ttlMs) } },
          { upsert: true },
        );
      return true;
    } catch (error) {
      if (hasErrorCode(error, DUPLICATE_KEY)) return false;
      throw error;
    }
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    await this.db.collection<LeaseDocument>(LEASES).deleteOne({ _id: name, holder });
  }

  watchCheckpoint(name: string, listener: CheckpointListener): () => void {
    this.checkpointFeed ??= new MongoCheckpointFeed((pipeline, options) =>
      this.checkpoints().watch(pipeline, options),
    );
    return this.checkpointFeed.follow(name, listener);
  }

  async close(): Promise<void> {
    this.follower?.close();
    this.rebuild.close();
    await this.checkpointFeed?.close();
    await this.client.close();
  }

  /** A read model's own indexes (not the one every collection has on `_id`). */
  private async declaredIndexes(name: string): Promise<{ key: Document; name: string }[]> {
    try {
      const indexes = await this.db.collection(name).indexes();
      return indexes
        .filter((index) => index.name !== '_id_')
        .map((index) => ({ key: index.key, name: index.name! }));
    } catch (error) {
      if (hasErrorCode(error, NAMESPACE_NOT_FOUND)) return [];
      throw error;
    }
  }

  private async ensureCounterExpiry(): Promise<void> {
    // Creating an index that exists with the same options is a no-op, so every start may ask.
    await this.counters().createIndex(
      { expiresAt: 1 },
      { name: 'expiresAt_ttl', expireAfterSeconds: 0 },
    );
  }

  /** Moves the checkpoint forward inside the transaction; false when it is already there. */
  private async advanceCheckpoint(
    target: CheckpointDocument,
    session: ClientSession,
  ): Promise<boolean> {
    const moved = await this.checkpoints().updateOne(
      // At the stored position too: the writes apply, the checkpoint stays (the port's rule).
      { _id: target._id, sortKey: { $lte: target.sortKey } },
      { $set: { position: target.position, sortKey: target.sortKey } },
      { session },
    );
    if (moved.matchedCount === 1) return true;
    const existing = await this.checkpoints().findOne(
      { _id: target._id },
      { session, projection: { _id: 1 } },
    );
    if (existing) return false;
    // A concurrent first commit of the same checkpoint is a write conflict, which aborts one
    // transaction and lets withTransaction retry it against the other's result.
    await this.checkpoints().insertOne(target, { session });
    return true;
  }

  /** Read model `name`'s collection in the live generation. */
  private collection(name: string): Collection<ReadDocument> {
    return this.db.collection<ReadDocument>(this.names.collection(name));
  }

  private async refreshGeneration(): Promise<void> {
    this.names.take(await this.generations().findOne({ _id: GENERATION_ID }));
  }

  private generations(): Collection<GenerationDocument> {
    return this.db.collection<GenerationDocument>(CHECKPOINTS);
  }

  private checkpoints(): Collection<CheckpointDocument> {
    return this.db.collection<CheckpointDocument>(CHECKPOINTS);
  }

  private counters(): Collection<CounterDocument> {
    return this.db.collection<CounterDocument>(COUNTERS);
  }
}
