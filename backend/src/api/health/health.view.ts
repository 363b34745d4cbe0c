import { ApiProperty } from '@nestjs/swagger';

/** The content gate: which one, and whether it can judge an image right away. */
export class GateHealth {
  @ApiProperty({ example: 'offline-v1' })
  name!: string;

  /** False while the models load (a few seconds after start): images wait for them meanwhile */
  ready!: boolean;
}

/** An online rebuild of the read models (built beside the live ones, then swapped in). */
export class RebuildHealthView {
  /**
   * Idle: none running; failed: the last one failed, and the live read models kept serving. Seen by
   * the process that runs the projections (idle elsewhere)
   */
  state!: 'idle' | 'running' | 'failed';

  /** Events replayed into the new read models so far */
  replayed!: number;

  /** Position of the log head the rebuild is heading for (a decimal integer) */
  head!: string | null;

  /** Seconds left at the rate so far; null when idle, failed or not yet known */
  etaSeconds!: number | null;
}

/** Liveness: the process answers HTTP. */
export class LiveResponse {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';
}

/**
 * Readiness: both stores answered. The rest only for the metrics token's bearer: how far the log
 * and the read models have come, the gate, the rebuild.
 */
export class HealthResponse {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';

  /** Position of the last event in the log (a decimal integer), null when empty */
  log?: string | null;

  /** Position up to which the read models are projected, null before the first */
  projected?: string | null;

  /** The content gate every image passes; ready once its models are loaded */
  gate?: GateHealth;

  /** The online rebuild of the read models */
  rebuild?: RebuildHealthView;
}
