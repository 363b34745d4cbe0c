import { ApiProperty } from '@nestjs/swagger';

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
}

/** Liveness: the process answers HTTP. */
export class LiveResponse {
  @ApiProperty({ type: String, enum: ['ok'] })
  status!: 'ok';
}
