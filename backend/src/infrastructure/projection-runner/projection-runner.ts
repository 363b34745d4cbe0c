import { batchRead } from '../../application/ports/read-batch';
import { KeptDocuments } from './kept-documents';
import { loadParts, touchedBy } from './touched-documents';
import { rebuiltWrites, toWrites, type WorkingSet } from './runner-writes';
import { type OnlineRebuildHooks, rebuildOnline } from './online-rebuild';
import { RebuildStatus } from './rebuild-status';
import type { RecordedEvent } from '../../domain/shared/event';
import type { Projection } from '../../projections/projection';
import {
  CheckpointedSubscription,
  readStoreCheckpoint,
  type SubscriberProgress,
  type SubscriptionCheckpoint,
} from '../../application/ports/checkpointed-subscription';
import type { EventStore } from '../../application/ports/event-store.port';
import type {
  ReadDocument,
  ReadModelWrite,
  ReadStore,
} from '../../application/ports/read-store.port';

/**
 * Events read from the log per page while rebuilding: small enough that a page dies young
 * (a page that outlives the young generation is promoted, and the old generation's collections
 * then dominate a rebuild) and that little of it is alive, to be copied, when the young
 * generation is collected; nothing is committed per page.
 */
const REBUILD_PAGE = 250;

export interface ProjectionRunnerOptions {
  /** Checkpoint name; one checkpoint covers every projection, stored with their writes. */
  name?: string;
  /**
   * Bump when a projection's output changes: a read store built by another version is dropped
   * and replayed from the log at start.
   */
  version: number;
  batchSize?: number;
  retryDelayMs?: number;
  logger?: Pick<Console, 'log' | 'error' | 'warn'>;
  /** Where a test steps into the online rebuilds this runner starts (see `OnlineRebuildHooks`). */
  rebuildHooks?: OnlineRebuildHooks;
}

export interface ReplayFigures {
  events: number;
  ms: number;
}

const VERSION_CHECKPOINT = 'projections-version';

/** Documents the runner keeps in memory at most (a few MB). */
const KEPT_DOCUMENTS = 5000;

/**
 * Feeds the log to the projections. Events arrive through the checkpointed subscription that
 * the reactors use too, in batches: all document changes of a batch and the new checkpoint are
 * one atomic commit, so a crash at any moment leaves read models that match the log up to the
 * checkpoint, and the next start resumes right after it.
 */
export class ProjectionRunner {
  private readonly name: string;
  private readonly logger: Pick<Console, 'log' | 'error' | 'warn'>;
  private readonly byType = new Map<string, Projection[]>();
  private readonly projections: readonly Projection[];
  private readonly subscription: CheckpointedSubscription;
  private readonly kept = new KeptDocuments(KEPT_DOCUMENTS);
  /** The online rebuild's state, progress and ETA (health, metrics). */
  readonly rebuildStatus = new RebuildStatus();
  private online: Promise<unknown> | null = null;
  private stopping = false;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    projections: readonly Projection[],
    private readonly options: ProjectionRunnerOptions,
  ) {
    this.name = options.name ?? 'read-models';
    this.logger = options.logger ?? console;
    this.subscription = new CheckpointedSubscription(
      eventStore,
      (batch) => this.applyBatch(batch),
      {
        name: 'Projection runner',
        // A batch's documents are kept after its commit for the next batches (`KeptDocuments`).
        checkpoint: this.keptOnSave(readStoreCheckpoint(readStore, this.name)),
        from: 'start',
        batchSize: options.batchSize ?? 500,
        retryDelayMs: options.retryDelayMs ?? 1000,
        logger: this.logger,
      },
    );
    this.projections = projections;
    for (const projection of projections) {
      for (const type of projection.handles) {
        this.byType.set(type, [...(this.byType.get(type) ?? []), projection]);
      }
    }
  }

  /** How far the projections have read the log (one checkpoint covers them all). */
  get progress(): SubscriberProgress {
    return this.subscription;
  }

  /** Position of the last event whose changes are committed, or null before any. */
  get position(): bigint | null {
    return this.subscription.position;
  }

  /**
   * Resumes projecting from the checkpoint. Read models never built are replayed in place; ones
   * built by another projections version keep serving (and being projected) while the new ones
   * are rebuilt beside them (`startRebuild`).
   */
  /** The index declarations of this process, once (see `prepare`). */
  private prepared: Promise<void> | null = null;

  async start(): Promise<void> {
    this.stopping = false;
    this.kept.clear();
    await this.prepare();
    const storedVersion = await this.readStore.getCheckpoint(VERSION_CHECKPOINT);
    if (storedVersion === null) await this.resetReadModels();
    await this.subscription.start();
    if (storedVersion !== null && storedVersion !== BigInt(this.options.version)) {
      this.logger.warn(
        `Read models were built by projections v${storedVersion}; rebuilding for v${this.options.version} beside them while they serve`,
      );
      void this.startRebuild();
    }
  }

  /** Stops projecting; a rebuild under way gives up before its swap (the next start retries). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.subscription.stop();
    await this.online;
  }

  /**
   * Starts an online rebuild unless one runs (see `rebuildOnline`); it ends in the log, the
   * health and the metrics, never in a rejection. Answers it, or the one already running.
   */
  startRebuild(hooks?: OnlineRebuildHooks): Promise<unknown> {
    this.online ??= this.rebuildOnline(hooks ?? this.options.rebuildHooks)
      .then(
        (figures) =>
          this.logger.log(
            `Read models rebuilt beside the live ones and swapped in: ${figures.events} events in ${Math.round(figures.ms)} ms`,
          ),
        (error: unknown) =>
          this.logger.error('Rebuilding the read models failed; the live ones keep serving', error),
      )
      .finally(() => (this.online = null));
    return this.online;
  }

  /**
   * Rebuilds the read models beside the live ones while they keep serving and the live
   * projection goes on (see `rebuildOnline`), then swaps them in with this projections version.
   * A failure leaves the live read models as they were and rejects.
   */
  async rebuildOnline(hooks?: OnlineRebuildHooks): Promise<ReplayFigures> {
    const started = performance.now();
    const models = this.projections.map(({ collection, indexes }) => ({
      collection,
      indexes: indexes ?? [],
    }));
    const collections = [...new Set(models.map((model) => model.collection))];
    const events = await rebuildOnline({
      eventStore: this.eventStore,
      readStore: this.readStore,
      models,
      status: this.rebuildStatus,
      hooks,
      touched: (page) => touchedBy(page, this.byType),
      project: (page, working, load, owned) => this.project(page, working, load, owned),
      paused: (work) => this.subscription.exclusive(work),
      stopping: () => this.stopping,
      swap: async (after) => {
        await this.readStore.swapIn(collections, [
          { name: this.name, position: after },
          { name: VERSION_CHECKPOINT, position: BigInt(this.options.version) },
        ]);
        this.kept.clear();
        if (after !== null) this.subscription.advanceTo(after);
      },
    });
    return { events, ms: performance.now() - started };
  }

  /**
   * Read-your-writes: resolves true once the read models include the event at `position`, or
   * false after `timeoutMs` (the caller answers anyway; the change shows moments later).
   */
  waitForPosition(position: bigint, timeoutMs = 3000): Promise<boolean> {
    return this.subscription.waitForPosition(position, timeoutMs);
  }

  /**
   * The offline rebuild (the runner stopped): replays the whole log in memory into fresh read
   * models beside the live ones and swaps them in with the checkpoint at the log's last event and
   * this version. A failure leaves the live ones as they were; a swap cut short marks no version
   * built, so the next start replays. Other read models (the reactors') are left, unless
   * `resetOthers` (a restore) drops them after the swap.
   */
  async rebuild(options: { resetOthers?: boolean } = {}): Promise<ReplayFigures> {
    const started = performance.now();
    this.kept.clear();
    const models = this.projections.map(({ collection, indexes }) => ({
      collection,
      indexes: indexes ?? [],
    }));
    const collections = [...new Set(models.map((model) => model.collection))];
    await this.readStore.beginRebuild(models, { offline: true });
    let after: bigint | undefined;
    let events = 0;
    try {
      const working: WorkingSet = new Map();
      for await (const page of this.eventStore.readAllPages({ pageSize: REBUILD_PAGE })) {
        this.project(page, working, () => null, true);
        events += page.length;
        after = page[page.length - 1].position;
      }
      const writes = rebuiltWrites(working);
      working.clear();
      await this.readStore.writeRebuild(writes);
      await this.readStore.swapIn(collections, [
        { name: this.name, position: after ?? null },
        { name: VERSION_CHECKPOINT, position: BigInt(this.options.version) },
      ]);
    } catch (error) {
      await this.readStore.abandonRebuild(collections).catch((cleanup: unknown) => {
        this.logger.warn(`Discarding the unfinished rebuild failed: ${String(cleanup)}`);
      });
      throw error;
    }
    if (options.resetOthers) {
      await this.readStore.dropReadModels({
        collections,
        checkpoints: [this.name, VERSION_CHECKPOINT],
      });
    }
    if (after !== undefined) this.subscription.markSaved(after);
    return { events, ms: performance.now() - started };
  }

  /**
   * Declares the read models' indexes (idempotent), once per process: before the projections'
   * lease is asked for (`LeasedProjections.start`), since a build on a populated server can
   * outlast the lease, and no renewal may wait on it.
   */
  prepare(): Promise<void> {
    this.prepared ??= this.ensureIndexes().catch((error: unknown) => {
      this.prepared = null;
      throw error;
    });
    return this.prepared;
  }

  private async ensureIndexes(): Promise<void> {
    for (const { collection, indexes } of this.projections) {
      if (indexes && indexes.length > 0) await this.readStore.ensureIndexes(collection, indexes);
    }
  }

  /** Empty read models, stamped with this projections version, ready to replay into. */
  private async resetReadModels(): Promise<void> {
    await this.readStore.dropReadModels();
    await this.stampVersion();
  }

  private async stampVersion(): Promise<void> {
    await this.readStore.commit([], {
      name: VERSION_CHECKPOINT,
      position: BigInt(this.options.version),
    });
  }

  /**
   * A batch's writes, committed with the checkpoint at its last event by the subscription: one
   * per document the batch changed (a document loaded and left as it was is not written again).
   * Nothing reads them after the commit, so they are handed over to the store.
   */
  private async applyBatch(batch: readonly RecordedEvent[]): Promise<ReadModelWrite[]> {
    const loaded = await this.loadTouched(batch);
    const working: WorkingSet = new Map();
    this.project(batch, working, (collection, id) => loaded.get(collection)?.get(id) ?? null);
    return toWrites(working, loaded);
  }

  /**
   * Every document the batch's events touch, read before projecting them: one round trip to the
   * store for the lot (a find by ids per collection), not one per document, which a write
   * waiting for its projection would wait for one after the other.
   */
  private async loadTouched(batch: readonly RecordedEvent[]): Promise<WorkingSet> {
    const touched = touchedBy(batch, this.byType);
    const loaded: WorkingSet = new Map();
    for (const [collection, ids] of touched) {
      const documents = new Map<string, ReadDocument | null>();
      for (const id of ids) {
        const kept = this.kept.get(collection, id);
        if (kept === undefined) continue;
        documents.set(id, kept);
        ids.delete(id);
      }
      loaded.set(collection, documents);
    }
    for (const part of loadParts(touched)) {
      const found = await this.readStore.readMany(
        Object.fromEntries(
          part.map(([collection, ids], i) => [
            `c${i}`,
            batchRead.find(collection, { _id: { $in: ids } }),
          ]),
        ),
      );
      part.forEach(([collection, ids], i) => {
        let documents = loaded.get(collection);
        if (!documents) loaded.set(collection, (documents = new Map()));
        const read = new Map<string, ReadDocument | null>(ids.map((id) => [id, null]));
        for (const doc of found[`c${i}`]) read.set(doc._id, doc);
        this.kept.keepRead(collection, read);
        for (const [id, doc] of read) documents.set(id, doc);
      });
    }
    return loaded;
  }

  /** The checkpoint, whose saves keep what they committed (and drop all kept when one fails). */
  private keptOnSave(checkpoint: SubscriptionCheckpoint): SubscriptionCheckpoint {
    return {
      name: checkpoint.name,
      load: () => checkpoint.load(),
      save: async (position, writes) => {
        try {
          await checkpoint.save(position, writes);
        } catch (error) {
          this.kept.clear();
          throw error;
        }
        this.kept.keepCommitted(writes);
      },
    };
  }

  /**
   * Applies the events to the documents they touch, kept in `working`; a document not there yet
   * is taken from `load` (read before, see `loadTouched`). Documents are not copied: projections build new ones, or, when `owned` (a
   * rebuild: every document was built by its projection during this replay and nobody else has
   * seen it), change them in place where a projection can (`applyInPlace`).
   */
  private project(
    batch: readonly RecordedEvent[],
    working: WorkingSet,
    load: (collection: string, id: string) => ReadDocument | null,
    owned = false,
  ): void {
    for (const event of batch) {
      const projections = this.byType.get(event.type);
      if (!projections) continue;
      for (const projection of projections) {
        // try/catch in place, not a closure per call: a rebuild runs this millions of times.
        let touched: string | readonly string[] | null;
        try {
          touched = projection.documentId(event);
        } catch (error) {
          this.projectionFailed(event, error);
          continue;
        }
        if (touched === null) continue;
        const ids = typeof touched === 'string' ? [touched] : new Set(touched);
        let documents = working.get(projection.collection);
        if (!documents) {
          documents = new Map();
          working.set(projection.collection, documents);
        }
        for (const id of ids) {
          // The document itself, not a wrapper around it: a rebuild's working set outgrows the
          // processor's caches, and each object followed per event is a memory read.
          let doc = documents.get(id);
          if (doc === undefined) {
            doc = load(projection.collection, id);
            documents.set(id, doc);
          }
          try {
            const next =
              owned && projection.applyInPlace
                ? projection.applyInPlace(doc, event, id)
                : projection.apply(doc, event, id);
            if (next !== doc) documents.set(id, next);
          } catch (error) {
            this.projectionFailed(event, error);
          }
        }
      }
    }
  }

  private projectionFailed(event: RecordedEvent, error: unknown): void {
    this.logger.error(
      `Projection failed on ${event.type} at position ${event.position}; event skipped for it`,
      error,
    );
  }
}
