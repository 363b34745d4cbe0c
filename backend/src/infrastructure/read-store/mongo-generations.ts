import type { BatchReadSpec, BatchReads } from '../../application/ports/read-batch';
import type { CheckpointListener } from '../../application/ports/read-store.port';
import { type CheckpointDocument, positionSortKey } from './mongo-read-store.mapping';

/**
 * The document that names the live generation of the read models, kept in `_checkpoints` beside
 * the checkpoints it is swapped with (one transaction sets both) and followed by the same change
 * stream: its `position` is the generation's number.
 */
export const GENERATION_ID = '_readModelsGeneration';

export interface GenerationDocument extends CheckpointDocument {
  /** Each rebuilt read model's collection: `posts` → `posts__g3`. A name not here is its own. */
  names: Record<string, string>;
  /** When the swap that made this generation committed. */
  swappedAt: Date;
}

const GENERATION_SUFFIX = /__g(\d+)$/;

/** The collection that holds read model `name` in generation `generation`. */
export function generationCollection(name: string, generation: number): string {
  return `${name}__g${generation}`;
}

/** The read model and generation a collection of a generation holds, or null for another. */
export function parseGenerationCollection(
  collection: string,
): { name: string; generation: number } | null {
  const match = GENERATION_SUFFIX.exec(collection);
  if (!match) return null;
  return { name: collection.slice(0, match.index), generation: Number(match[1]) };
}

export function generationDocument(
  generation: number,
  names: Record<string, string>,
  swappedAt: Date,
): GenerationDocument {
  const position = BigInt(generation);
  return {
    _id: GENERATION_ID,
    position: position.toString(),
    sortKey: positionSortKey(position),
    names,
    swappedAt,
  };
}

/**
 * What this process knows of the live generation: the collection each read model is read from
 * and written to. Generation 0 (no document) is every read model under its own name, as stores
 * made before generations have them. The number only goes up: an answer read before a swap and
 * delivered after it is ignored. `dropReadModels` empties the set in its own process (`reset`),
 * and other processes are stopped then.
 */
export class ReadModelNames {
  private generation = 0;
  private names = new Map<string, string>();

  get current(): number {
    return this.generation;
  }

  /** Where read model `name` lives now. */
  collection(name: string): string {
    return this.names.get(name) ?? name;
  }

  /** The whole naming as it is now: a batch of reads resolves every name from one generation. */
  snapshot(): (name: string) => string {
    const names = this.names;
    return (name) => names.get(name) ?? name;
  }

  /** Takes a generation document read from the store (null: none stored). */
  take(document: GenerationDocument | null): void {
    if (!document) return;
    const generation = Number(document.position);
    if (generation < this.generation) return;
    this.generation = generation;
    this.names = new Map(Object.entries(document.names ?? {}));
  }

  reset(): void {
    this.generation = 0;
    this.names = new Map();
  }
}

/** The batch's reads with each collection (and joined collection) named as `resolve` says. */
export function resolveBatchReads<Reads extends BatchReads>(
  reads: Reads,
  resolve: (name: string) => string,
): Reads {
  const resolved: Record<string, { spec: BatchReadSpec }> = {};
  for (const [key, read] of Object.entries(reads)) {
    const spec = read.spec;
    if (spec.kind === 'counter') {
      resolved[key] = read;
    } else if ((spec.kind === 'find' || spec.kind === 'findOne') && spec.join) {
      resolved[key] = {
        spec: {
          ...spec,
          collection: resolve(spec.collection),
          join: { ...spec.join, collection: resolve(spec.join.collection) },
        },
      };
    } else {
      resolved[key] = { spec: { ...spec, collection: resolve(spec.collection) } };
    }
  }
  return resolved as Reads;
}

export interface GenerationFollowerOptions {
  /** How often to read the generation while no change stream pushes it (default 1 s). */
  pollMs?: number;
}

/**
 * Keeps `ReadModelNames` current in a process that did not make the swap: the change stream on
 * `_checkpoints` pushes the generation document's moves, and while it is not live (before it
 * opens, after a failure) the document is read every `pollMs`. A process therefore reads the old
 * generation for at most the stream's delay, or `pollMs` without one; the swap keeps the old
 * collections for longer than that (`MongoRebuild`'s `retireAfterMs`).
 */
export class GenerationFollower {
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | null = null;
  private stopWatching: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly refresh: () => Promise<void>,
    private readonly watch: ((listener: CheckpointListener) => () => void) | null,
    options: GenerationFollowerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
  }

  start(): void {
    this.poll();
    this.stopWatching =
      this.watch?.({
        live: () => {
          this.stopPolling();
          this.refreshQuietly();
        },
        moved: () => this.refreshQuietly(),
        lost: () => this.poll(),
      }) ?? null;
  }

  close(): void {
    this.closed = true;
    this.stopPolling();
    this.stopWatching?.();
  }

  private poll(): void {
    if (this.closed || this.timer) return;
    this.timer = setInterval(() => this.refreshQuietly(), this.pollMs);
    this.timer.unref();
  }

  private stopPolling(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private refreshQuietly(): void {
    if (this.closed) return;
    // A failed read is tried again at the next push or poll.
    this.refresh().catch(() => undefined);
  }
}
