import type { ReadStore } from '../ports/read-store.port';

export const PROJECTION_PROGRESS = Symbol('ProjectionProgress');

/** The projections running in this process, as far as waiting for them goes. */
export interface RunningProjections {
  /** Position of the last event whose changes are committed, or null before any. */
  readonly position: bigint | null;
  waitForPosition(position: bigint, timeoutMs?: number): Promise<boolean>;
}

/**
 * Read-your-writes: the api waits, bounded, until the read models include a command's last
 * event before it answers. In the process that runs the projections it is told at once;
 * any other process polls the checkpoint that the projecting worker stores.
 */
export class ProjectionProgress {
  constructor(
    /** The runner while this process projects (holds the lease); null otherwise. */
    private readonly activeRunner: () => RunningProjections | null,
    private readonly readStore: ReadStore,
    private readonly checkpointName = 'read-models',
  ) {}

  /**
   * How far the read models are: the position of the last projected event (null before any).
   * Answers computed from the read models stay right while it does not move.
   */
  async current(): Promise<bigint | null> {
    const runner = this.activeRunner();
    return runner ? runner.position : this.readStore.getCheckpoint(this.checkpointName);
  }

  async waitFor(position: bigint | null, timeoutMs = 3000): Promise<boolean> {
    if (position === null) return true;
    const runner = this.activeRunner();
    if (runner) return runner.waitForPosition(position, timeoutMs);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const checkpoint = await this.readStore.getCheckpoint(this.checkpointName);
      if (checkpoint !== null && checkpoint >= position) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  }
}
