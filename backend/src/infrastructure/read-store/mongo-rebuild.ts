import type { Collection, Db, MongoClient, TransactionOptions } from 'mongodb';
import {
  CHECKPOINTS,
  type CheckpointDocument,
  NAMESPACE_NOT_FOUND,
  REBUILD_SUFFIX,
  checkpointDocument,
  hasErrorCode,
  indexKeysWithId,
  rebuildBatches,
} from './mongo-read-store.mapping';
import {
  GENERATION_ID,
  type GenerationDocument,
  type ReadModelNames,
  generationCollection,
  generationDocument,
  parseGenerationCollection,
} from './mongo-generations';
import { indexesByCollection } from './rebuilt-read-models';
import type {
  IndexSpec,
  ReadDocument,
  ReadModelWrite,
  RebuiltReadModel,
} from '../../application/ports/read-store.port';

export interface MongoRebuildOptions {
  /** How long the collections a swap replaced are kept for readers yet to switch (default 60 s). */
  retireAfterMs?: number;
  now?: () => Date;
}

/**
 * The MongoDB read store's rebuild beside the live read models, by generations
 * (docs/decisions/online-rebuild.md):
 * 1. `begin` takes the next generation's number, drops what a rebuild cut short left, and makes
 *    each fresh collection `<name>__g<N>` with its declared indexes.
 * 2. `write` fills them outside transactions; nothing reads them yet.
 * 3. `swapIn` is one transaction: the generation document names the fresh collections, and the
 *    checkpoints move with it. Nothing is renamed, so no reader's cursor is cut and no reader
 *    sees two generations; each process switches when the document reaches it.
 * 4. The replaced collections are dropped `retireAfterMs` later, once every process has
 *    switched; should a crash leave them, the next `begin` drops them.
 * A crash at any step leaves the generation document naming whole collections with their
 * checkpoints; the reactors' collections and the checkpoints are never dropped here.
 */
export class MongoRebuild {
  private readonly retireAfterMs: number;
  private readonly now: () => Date;
  /** The generation being built (set by `begin`), null when none is. */
  private fresh: number | null = null;
  private retiring = new Set<Promise<void>>();
  private timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    /** The store's options for a transaction, which the swap is. */
    private readonly transactionOptions: TransactionOptions,
    private readonly names: ReadModelNames,
    options: MongoRebuildOptions = {},
  ) {
    this.retireAfterMs = options.retireAfterMs ?? 60_000;
    this.now = options.now ?? (() => new Date());
  }

  async begin(models: readonly RebuiltReadModel[]): Promise<void> {
    const live = await this.readGeneration();
    this.names.take(live);
    const generation = Number(live?.position ?? 0) + 1;
    await this.dropLeftovers(live);
    this.fresh = generation;
    for (const [name, indexes] of indexesByCollection(models)) {
      const fresh = generationCollection(name, generation);
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
    const generation = this.building();
    // In key order, which the fresh collections' `_id` indexes take by appending.
    const ordered = [...writes].sort(byCollectionAndId);
    for (const batch of rebuildBatches(ordered, (name) => generationCollection(name, generation))) {
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
    const documents = await this.collection(generationCollection(name, this.building()))
      .find({ _id: { $in: [...ids] } })
      .toArray();
    for (const document of documents) found.set(document._id, document);
    return found;
  }

  /**
   * The generation document and the checkpoints in one transaction: every reader that sees the
   * new checkpoints sees the new collections. A checkpoint given no position is removed.
   */
  async swapIn(
    collections: readonly string[],
    checkpoints: readonly { name: string; position: bigint | null }[],
  ): Promise<void> {
    const generation = this.building();
    let previous: Record<string, string> = {};
    let next: GenerationDocument | null = null;
    const session = this.client.startSession();
    try {
      await session.withTransaction(async () => {
        const live = await this.generations().findOne({ _id: GENERATION_ID }, { session });
        previous = live?.names ?? {};
        const names = { ...previous };
        for (const name of collections) names[name] = generationCollection(name, generation);
        next = generationDocument(generation, names, this.now());
        await this.generations().replaceOne({ _id: GENERATION_ID }, next, {
          session,
          upsert: true,
        });
        for (const { name, position } of checkpoints) {
          if (position === null) {
            await this.checkpoints().deleteOne({ _id: name }, { session });
          } else {
            await this.checkpoints().replaceOne({ _id: name }, checkpointDocument(name, position), {
              session,
              upsert: true,
            });
          }
        }
      }, this.transactionOptions);
    } finally {
      await session.endSession();
    }
    this.names.take(next);
    this.fresh = null;
    const replaced = [...new Set(collections)].map((name) => previous[name] ?? name);
    this.retireLater(replaced);
  }

  async abandon(collections: readonly string[]): Promise<void> {
    const generation = this.fresh ?? this.names.current + 1;
    this.fresh = null;
    for (const name of new Set(collections)) {
      await dropIfThere(this.db, generationCollection(name, generation));
    }
  }

  /** Resolves once the collections swaps replaced are dropped (tests wait on it). */
  async retired(): Promise<void> {
    while (this.retiring.size > 0) await Promise.all([...this.retiring]);
  }

  /** Stops the drops still waiting; the next `begin` drops what they would have. */
  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private building(): number {
    if (this.fresh === null) throw new Error('No rebuild has begun in this process');
    return this.fresh;
  }

  private retireLater(collections: readonly string[]): void {
    let done!: () => void;
    const retiring = new Promise<void>((resolve) => (done = resolve));
    this.retiring.add(retiring);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void (async () => {
        for (const name of collections) await dropIfThere(this.db, name).catch(() => undefined);
      })().finally(() => {
        this.retiring.delete(retiring);
        done();
      });
    }, this.retireAfterMs);
    timer.unref();
    this.timers.add(timer);
  }

  /**
   * What a crash left: collections of a generation the document does not name (a rebuild cut
   * short, or replaced ones whose drop did not happen), and the rebuilt read models' collections
   * under their own names once a generation names others. Replaced collections are kept while a
   * reader may still be switching (`retireAfterMs` after the swap).
   */
  private async dropLeftovers(live: GenerationDocument | null): Promise<void> {
    const named = new Set(Object.values(live?.names ?? {}));
    const current = Number(live?.position ?? 0);
    const switching =
      live !== null &&
      this.now().getTime() - new Date(live.swappedAt).getTime() < this.retireAfterMs;
    const listed = await this.db.listCollections({}, { nameOnly: true }).toArray();
    for (const { name } of listed) {
      if (named.has(name)) continue;
      const parsed = parseGenerationCollection(name);
      const replaced = parsed ? parsed.generation <= current : live?.names[name] !== undefined;
      if (replaced && switching) continue;
      // A copy of the release that renamed copies over the live read models is a leftover too.
      if (parsed || replaced || name.endsWith(REBUILD_SUFFIX)) await dropIfThere(this.db, name);
    }
  }

  private readGeneration(): Promise<GenerationDocument | null> {
    return this.generations().findOne({ _id: GENERATION_ID });
  }

  private collection(name: string): Collection<ReadDocument> {
    return this.db.collection<ReadDocument>(name);
  }

  private checkpoints(): Collection<CheckpointDocument> {
    return this.db.collection<CheckpointDocument>(CHECKPOINTS);
  }

  private generations(): Collection<GenerationDocument> {
    return this.db.collection<GenerationDocument>(CHECKPOINTS);
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
  for (const { keys, terms, text } of indexes) {
    // MongoDB's text indexes match words, not the parts of words a text index is for.
    if (text) continue;
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

function writtenId(write: ReadModelWrite): string {
  return write.kind === 'delete' ? write.id : write.document._id;
}

function byCollectionAndId(a: ReadModelWrite, b: ReadModelWrite): number {
  if (a.collection !== b.collection) return a.collection < b.collection ? -1 : 1;
  const [x, y] = [writtenId(a), writtenId(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}
