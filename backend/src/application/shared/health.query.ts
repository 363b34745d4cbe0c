import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { CONTENT_GATE, type ContentGate } from '../ports/content-gate.port';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { SharedLogHead } from './shared-log-head';

/** An online rebuild of the read models, as the process that runs the projections sees it. */
export interface RebuildHealth {
  state: 'idle' | 'running' | 'failed';
  /** Events replayed into the new read models so far. */
  replayed: number;
  /** Position of the log's head the rebuild is heading for, null when idle. */
  head: bigint | null;
  /** Seconds left at the rate so far, null when not known. */
  etaSeconds: number | null;
}

/** Reads the rebuild's state (`idle` where this process does not run the projections). */
export const REBUILD_PROGRESS = Symbol('RebuildProgress');
export type RebuildProgressSource = () => RebuildHealth;

export interface Health {
  /**
   * Position of the last event in the log, null when it is empty: read at most once every few
   * seconds per process (`SharedLogHead`), and never behind `projected`.
   */
  log: bigint | null;
  /** Position up to which the read models are projected, null before the first. */
  projected: bigint | null;
  /** The content gate, ready once its models are loaded (asking starts loading them). */
  gate: { name: string; ready: boolean };
  rebuild: RebuildHealth;
}

/** Readiness: both stores answer (a store that does not makes the query fail). */
export class GetHealthQuery extends Query<Health> {}

@QueryHandler(GetHealthQuery)
export class GetHealthHandler implements IQueryHandler<GetHealthQuery, Health> {
  private readonly logHead: SharedLogHead;

  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CONTENT_GATE) private readonly gate: ContentGate,
    @Inject(REBUILD_PROGRESS) private readonly rebuild: RebuildProgressSource,
  ) {
    this.logHead = new SharedLogHead(() => eventStore.headPosition());
  }

  async execute(): Promise<Health> {
    const [head, projected, gateReady] = await Promise.all([
      this.logHead.current(),
      this.readStore.getCheckpoint('read-models'),
      settledYet(this.gate.ready()),
    ]);
    // A head read a moment ago may be behind what has been projected since.
    const log = head !== null && (projected === null || head >= projected) ? head : projected;
    return {
      log,
      projected,
      gate: { name: this.gate.name, ready: gateReady },
      rebuild: this.rebuild(),
    };
  }
}

/** Whether `promise` has already resolved: its reactions run before the next macrotask. */
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let resolved = false;
  promise.then(
    () => (resolved = true),
    () => undefined,
  );
  await new Promise((resolve) => setImmediate(resolve));
  return resolved;
}
