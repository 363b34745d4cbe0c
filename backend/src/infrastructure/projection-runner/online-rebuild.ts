import type { RecordedEvent } from '../../domain/shared/event';
import type { EventStore } from '../../application/ports/event-store.port';
import type {
  ReadDocument,
  ReadModelWrite,
  ReadStore,
  RebuiltReadModel,
} from '../../application/ports/read-store.port';
import type { RebuildStatus } from './rebuild-status';
import { toWrites, type WorkingSet } from './runner-writes';

/** Events per page of the in-memory replay (see the runner's `REBUILD_PAGE`). */
const REPLAY_PAGE = 250;
/** Events per page of the catch-up, each page one read of the copies and one write to them. */
const CATCH_UP_PAGE = 500;
/**
 * A catch-up pass that had fewer events than this is close enough to the head: the next pass
 * runs with the live projection paused, and the swap follows it.
 */
const SWAP_WITHIN = 1000;
/** Catch-up passes at most before the paused one, however fast the log grows. */
const MAX_PASSES = 20;
/**
 * Work between two turns given to requests: the rebuild takes the event loop this long, then
 * lets every request that arrived meanwhile run (a turn per page would leave it a sliver of
 * the loop under load; a longer slice delays those requests more).
 */
const SLICE_MS = 25;
/** Writes per call of the replay's hand-over to the copies (`handOver`). */
export const HANDOVER_WRITES = 100;

/**
 * Where a test (or the bench) may step in: after each page replayed or caught up, and with the
 * live projection paused, before the last catch-up and the swap.
 */
export interface OnlineRebuildHooks {
  afterPage?: (phase: 'replay' | 'catch-up', position: bigint) => Promise<void> | void;
  paused?: () => Promise<void> | void;
}

/** What of the projection runner an online rebuild works with. */
export interface OnlineRebuildParts {
  eventStore: EventStore;
  readStore: ReadStore;
  models: readonly RebuiltReadModel[];
  status: RebuildStatus;
  /** The collections and ids a page's events touch. */
  touched(page: readonly RecordedEvent[]): Map<string, Set<string>>;
  /** The runner's projecting of a page into `working` (see `ProjectionRunner.project`). */
  project(
    page: readonly RecordedEvent[],
    working: WorkingSet,
    load: (collection: string, id: string) => ReadDocument | null,
    owned: boolean,
  ): void;
  /** Runs `work` with the live projection paused between two of its batches. */
  paused<T>(work: () => Promise<T>): Promise<T>;
  /** Swaps the copies in with the checkpoint at `after`; the live projection goes on from it. */
  swap(after: bigint | null): Promise<void>;
  /** True once the runner is stopping: the rebuild gives up before its swap. */
  stopping(): boolean;
  hooks?: OnlineRebuildHooks;
}

/**
 * A rebuild beside the live read models, which keep serving and being projected: replays the log in
 * memory into fresh copies, catches them up page by page through the runner's batch path, and once
 * a pass is short, pauses the live projection between two batches, catches up the last events and
 * swaps the copies in at or past the live set's position. A failure or stop discards the copies.
 * Yields to the event loop after each page, so requests are answered throughout.
 */
export async function rebuildOnline(parts: OnlineRebuildParts): Promise<number> {
  const { eventStore, readStore, status } = parts;
  const collections = [...new Set(parts.models.map((model) => model.collection))];
  status.began(await eventStore.headPosition());
  await readStore.beginRebuild(parts.models);
  try {
    let after = await replay(parts);
    let passes = 0;
    for (;;) {
      status.headMoved(await eventStore.headPosition());
      const pass = await catchUp(parts, after);
      after = pass.after;
      if (pass.events < SWAP_WITHIN || ++passes >= MAX_PASSES) break;
    }
    await parts.paused(async () => {
      await parts.hooks?.paused?.();
      after = (await catchUp(parts, after)).after;
      if (parts.stopping()) throw new Error('Stopped before the swap');
      await parts.swap(after ?? null);
    });
    const replayed = status.snapshot().replayed;
    status.finished();
    return replayed;
  } catch (error) {
    status.failed(error);
    await readStore.abandonRebuild(collections).catch(() => undefined);
    throw error;
  }
}

/** The whole log up to its head as it is now, projected in memory and written to the copies. */
async function replay(parts: OnlineRebuildParts): Promise<bigint | undefined> {
  const head = await parts.eventStore.headPosition();
  const working: WorkingSet = new Map();
  let after: bigint | undefined;
  if (head !== null) {
    for await (const page of parts.eventStore.readAllPages({ pageSize: REPLAY_PAGE })) {
      parts.project(page, working, () => null, true);
      after = page[page.length - 1].position;
      await stepped(parts, 'replay', page, after);
      if (after >= head) break;
    }
  }
  await handOver(parts, working);
  working.clear();
  return after;
}

/**
 * The replay's documents written to the copies `HANDOVER_WRITES` at a time, with turns for
 * requests between (`breathe`): writing them in one call held the event loop for seconds at the
 * log's full size. Each collection's ids are sorted first (the store writes rows in key order
 * many to a page; in the replay's order its steps cost several times more), one collection per
 * turn.
 */
async function handOver(parts: OnlineRebuildParts, working: WorkingSet): Promise<void> {
  let writes: ReadModelWrite[] = [];
  for (const collection of [...working.keys()].sort()) {
    const documents = working.get(collection)!;
    for (const id of [...documents.keys()].sort()) {
      const doc = documents.get(id);
      if (!doc) continue;
      writes.push({
        kind: 'upsert',
        collection,
        document: doc._id === id ? doc : { ...doc, _id: id },
      });
      if (writes.length < HANDOVER_WRITES) continue;
      await parts.readStore.writeRebuild(writes);
      writes = [];
      await breathe();
    }
    await breathe();
  }
  if (writes.length > 0) await parts.readStore.writeRebuild(writes);
}

/** The events after `after`, projected onto the copies page by page. */
async function catchUp(
  parts: OnlineRebuildParts,
  from: bigint | undefined,
): Promise<{ after: bigint | undefined; events: number }> {
  let after = from;
  let events = 0;
  for await (const page of parts.eventStore.readAllPages({ pageSize: CATCH_UP_PAGE, after })) {
    const loaded: WorkingSet = new Map();
    for (const [collection, ids] of parts.touched(page)) {
      loaded.set(collection, await parts.readStore.readRebuilt(collection, [...ids]));
    }
    const working: WorkingSet = new Map();
    parts.project(
      page,
      working,
      (collection, id) => loaded.get(collection)?.get(id) ?? null,
      false,
    );
    await parts.readStore.writeRebuild(toWrites(working, loaded));
    after = page[page.length - 1].position;
    events += page.length;
    await stepped(parts, 'catch-up', page, after);
  }
  return { after, events };
}

/** After each page: progress, a stop, the hook, and now and then a turn for requests. */
async function stepped(
  parts: OnlineRebuildParts,
  phase: 'replay' | 'catch-up',
  page: readonly RecordedEvent[],
  after: bigint,
): Promise<void> {
  parts.status.advanced(page.length, after);
  if (parts.stopping()) throw new Error('Stopped before the swap');
  await parts.hooks?.afterPage?.(phase, after);
  await breathe();
}

/** A turn for requests once the rebuild has held the event loop for `SLICE_MS`. */
async function breathe(): Promise<void> {
  if (performance.now() - slice.started < SLICE_MS) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  slice.started = performance.now();
}

/** When the rebuild last let requests run (one rebuild runs at a time per process). */
const slice = { started: 0 };
