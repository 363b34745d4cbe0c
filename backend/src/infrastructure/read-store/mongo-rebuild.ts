import type { Collection, Db, MongoClient, TransactionOptions } from 'mongodb';
import {
  CHECKPOINTS,
  type CheckpointDocument,
  NAMESPACE_NOT_FOUND,
  checkpointDocument,
  hasErrorCode,
  indexKeysWithId,
  rebuildBatches,
  rebuildCollection,
} from './mongo-read-store.mapping';
import { indexesByCollection } from './rebuilt-read-models';
import type {
  IndexSpec,
  ReadDocument,
  ReadModelWrite,
  RebuiltReadModel,
} from '../../application/ports/read-store.port';

/**
 * The MongoDB read store's rebuild beside the live read models (`beginRebuild`, `writeRebuild`,
 * `swapIn`, `abandonRebuild`): fresh `<name>__rebuild` collections written outside transactions
 * and renamed over the live ones. The store delegates these to this class, handing it its client,
 * database and transaction options; the two collection steps the store takes as well (its
 * declared indexes, a drop of what may not be there) are the functions below it.
 */
export class MongoRebuild {
  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    /** The store's options for a transaction, which the checkpoints set by `swapIn` are in. */
    private readonly transactionOptions: TransactionOptions,
  ) {}

  async begin(models: readonly RebuiltReadModel[]): Promise<void> {
    for (const [name, indexes] of indexesByCollection(models)) {
      const fresh = rebuildCollection(name);
      await dropIfThere(this.db, fresh);
      await this.db.createCollection(fresh);
      await createDeclaredIndexes(this.collection(fresh), indexes);
    }
  }

  /**
   * No transaction: a rebuild's documents are millions of writes, which one transaction could
   * not take (aborted after `transactionLifetimeLimitSeconds`, 60 s by default; its oplog
   * entries within 16 MB each), and nothing reads the fresh collections before the swap. Each
   * batch is acknowledged by a majority: a batch only the old primary had would be rolled back
   * by a failover and go missing silently from the rebuilt read models.
   */
  async write(writes: readonly ReadModelWrite[]): Promise<void> {
    for (const batch of rebuildBatches(writes)) {
      for (const [name, operations] of batch) {
        await this.collection(name).bulkWrite(operations, {
          ordered: true,
          writeConcern: { w: 'majority' },
        });
      }
    }
  }

  /** The fresh copy's documents with these ids (null for one not written). */
  async read(name: string, ids: readonly string[]): Promise<Map<string, ReadDocument | null>> {
    const found = new Map<string, ReadDocument | null>(ids.map((id) => [id, null]));
    const documents = await this.collection(rebuildCollection(name))
      .find({ _id: { $in: [...ids] } })
      .toArray();
    for (const document of documents) found.set(document._id, document);
    return found;
  }

  /**
   * `renameCollection` with `dropTarget` replaces a live collection by its fresh copy in one
   * step (from MongoDB 4.2 it locks the two collections alone, for a metadata change). It is
   * not allowed in a transaction, so several collections are renamed one after the other: the
   * checkpoints go first and come back last (these two writes in transactions of their own), so
   * a swap cut short is seen as read models not built. A rename ends open cursors and change
   * streams on the live collection (`_checkpoints` is never renamed).
   */
  async swapIn(
    collections: readonly string[],
    checkpoints: readonly { name: string; position: bigint | null }[],
  ): Promise<void> {
    const names = checkpoints.map((checkpoint) => checkpoint.name);
    await this.checkpoints().deleteMany(
      { _id: { $in: names } },
      { writeConcern: { w: 'majority' } },
    );
    for (const name of new Set(collections)) {
      await this.db.renameCollection(rebuildCollection(name), name, {
        dropTarget: true,
        writeConcern: { w: 'majority' },
      });
    }
    const set = checkpoints.filter(
      (checkpoint): checkpoint is { name: string; position: bigint } =>
        checkpoint.position !== null,
    );
    if (set.length === 0) return;
    const session = this.client.startSession();
    try {
      await session.withTransaction(async () => {
        for (const { name, position } of set) {
          await this.checkpoints().replaceOne({ _id: name }, checkpointDocument(name, position), {
            session,
            upsert: true,
          });
        }
      }, this.transactionOptions);
    } finally {
      await session.endSession();
    }
  }

  async abandon(collections: readonly string[]): Promise<void> {
    for (const name of new Set(collections)) await dropIfThere(this.db, rebuildCollection(name));
  }

  private collection(name: string): Collection<ReadDocument> {
    return this.db.collection<ReadDocument>(name);
  }

  private checkpoints(): Collection<CheckpointDocument> {
    return this.db.collection<CheckpointDocument>(CHECKPOINTS);
  }
}

/**
 * Creates a read model's declared indexes (`ensureIndexes`, and a rebuild's fresh copy). A
 * terms index is a multikey index on its array field, named for what it holds (the users'
 * `nameGrams_terms`: `$all` reads one piece's bounds and tests the others on the documents it
 * fetches; `$elemMatch` with `$gte`/`$lt` reads the pieces of one range).
 */
export async function createDeclaredIndexes(
  collection: Collection<ReadDocument>,
  indexes: readonly IndexSpec[],
): Promise<void> {
  for (const { keys, terms } of indexes) {
    const field = Object.keys(keys)[0];
    await collection.createIndex(indexKeysWithId(keys), terms ? { name: `${field}_terms` } : {});
  }
}

/** Drops a collection, if there is one of that name. */
export async function dropIfThere(db: Db, name: string): Promise<void> {
  try {
    await db.dropCollection(name);
  } catch (error) {
    if (!hasErrorCode(error, NAMESPACE_NOT_FOUND)) throw error;
  }
}
