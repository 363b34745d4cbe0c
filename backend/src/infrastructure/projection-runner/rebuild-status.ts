/** Where an online rebuild of the read models is: none running, running, or the last failed. */
export type RebuildState = 'idle' | 'running' | 'failed';

/** What `/api/health` and the metrics show of the rebuild. */
export interface RebuildProgress {
  state: RebuildState;
  /** Events of the log replayed into the new read models so far (0 when idle). */
  replayed: number;
  /** Position of the log's last event when the rebuild began, or when it last caught up. */
  head: bigint | null;
  /** Seconds left, estimated from the rate so far; null when idle, failed or not yet known. */
  etaSeconds: number | null;
  /** Why the last rebuild failed (state `failed`); the live read models kept serving. */
  error: string | null;
}

/**
 * The online rebuild's state, kept by the projection runner that runs it. Progress is the
 * position reached over the head's; the ETA assumes the rate so far holds.
 */
export class RebuildStatus {
  private state: RebuildState = 'idle';
  private replayed = 0;
  private reached: bigint | null = null;
  private head: bigint | null = null;
  private startedAt = 0;
  private error: string | null = null;

  constructor(private readonly now: () => number = () => performance.now()) {}

  get running(): boolean {
    return this.state === 'running';
  }

  began(head: bigint | null): void {
    this.state = 'running';
    this.replayed = 0;
    this.reached = null;
    this.head = head;
    this.startedAt = this.now();
    this.error = null;
  }

  /** `events` more replayed, the last at `position`; the log's head may have moved on. */
  advanced(events: number, position: bigint): void {
    this.replayed += events;
    this.reached = position;
    if (this.head === null || position > this.head) this.head = position;
  }

  headMoved(head: bigint | null): void {
    if (head !== null && (this.head === null || head > this.head)) this.head = head;
  }

  finished(): void {
    this.state = 'idle';
    this.replayed = 0;
    this.reached = null;
    this.head = null;
  }

  failed(error: unknown): void {
    this.state = 'failed';
    this.error = error instanceof Error ? error.message : String(error);
  }

  snapshot(): RebuildProgress {
    return {
      state: this.state,
      replayed: this.replayed,
      head: this.head,
      etaSeconds: this.state === 'running' ? this.eta() : null,
      error: this.state === 'failed' ? this.error : null,
    };
  }

  private eta(): number | null {
    if (this.reached === null || this.head === null || this.reached <= 0n) return null;
    const done = Number(this.reached) / Number(this.head);
    if (done >= 1) return 0;
    const elapsed = (this.now() - this.startedAt) / 1000;
    return Math.round((elapsed * (1 - done)) / done);
  }
}
