import { ApiProperty } from '@nestjs/swagger';

/** The content gate: which one, and whether it can judge an image right away. */
export class GateHealth {
  @ApiProperty({ type: String, example: 'offline-v1' })
  name!: string;

  @ApiProperty({
    type: Boolean,
    description:
      'False while the models load (a few seconds after start): images wait for them meanwhile',
  })
  ready!: boolean;
}

/** An online rebuild of the read models (built beside the live ones, then swapped in). */
export class RebuildHealthView {
  @ApiProperty({
    type: String,
    enum: ['idle', 'running', 'failed'],
    description:
      'Idle: none running; failed: the last one failed, and the live read models kept serving. Seen by the process that runs the projections (idle elsewhere)',
  })
  state!: 'idle' | 'running' | 'failed';

  @ApiProperty({ type: Number, description: 'Events replayed into the new read models so far' })
  replayed!: number;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Position of the log head the rebuild is heading for (a decimal integer)',
  })
  head!: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Seconds left at the rate so far; null when idle, failed or not yet known',
  })
  etaSeconds!: number | null;
}

/** Liveness: the process answers HTTP. */
export class LiveResponse {
  @ApiProperty({ type: String, enum: ['ok'] })
  status!: 'ok';
}

/** Readiness: both stores answered; how far the log and the read models have come. */
export class HealthResponse {
  @ApiProperty({ type: String, enum: ['ok'] })
  status!: 'ok';

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Position of the last event in the log (a decimal integer), null when empty',
  })
  log!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Position up to which the read models are projected, null before the first',
  })
  projected!: string | null;

  @ApiProperty({
    type: GateHealth,
    description: 'The content gate every image passes; ready once its models are loaded',
  })
  gate!: GateHealth;

  @ApiProperty({ type: RebuildHealthView, description: 'The online rebuild of the read models' })
  rebuild!: RebuildHealthView;
}
