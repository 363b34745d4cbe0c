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
}
