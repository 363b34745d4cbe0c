import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiInternalServerErrorResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { EVENT_STORE, type EventStore } from '../../application/ports/event-store.port';
import { READ_STORE, type ReadStore } from '../../application/ports/read-store.port';
import { ErrorResponse } from '../shared/openapi';
import { HealthResponse, LiveResponse } from './health.view';

/** For load balancers and the compose health checks: are the stores reachable, how far behind. */
@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  @ApiOperation({ summary: 'Readiness: both stores answer; how far the read models are' })
  @ApiOkResponse({ type: HealthResponse })
  @ApiInternalServerErrorResponse({ type: ErrorResponse, description: 'A store did not answer' })
  @Get()
  async health(): Promise<HealthResponse> {
    const [head, projected] = await Promise.all([
      this.eventStore.headPosition(),
      this.readStore.getCheckpoint('read-models'),
    ]);
    return {
      status: 'ok',
      log: head?.toString() ?? null,
      projected: projected?.toString() ?? null,
    };
  }

  /**
   * Liveness: the process answers HTTP. It touches neither store, so a slow or unreachable
   * database never gets a healthy process restarted; readiness is `GET /api/health`.
   */
  @ApiOperation({ summary: 'Liveness: the process answers HTTP (touches no store)' })
  @ApiOkResponse({ type: LiveResponse })
  @Get('live')
  @Header('Cache-Control', 'no-store')
  live(): LiveResponse {
    return { status: 'ok' };
  }
}
