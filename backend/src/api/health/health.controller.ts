import { Controller, Get, Header } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiInternalServerErrorResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { GetHealthQuery } from '../../application/shared/health.query';
import { ErrorResponse } from '../shared/openapi';
import { HealthResponse, LiveResponse } from './health.view';

/** For load balancers and the compose health checks: are the stores reachable, how far behind. */
@Controller('api/health')
export class HealthController {
  constructor(private readonly queryBus: QueryBus) {}

  @ApiOperation({
    summary:
      'Readiness: both stores answer; how far the read models are; is the content gate ready; is a rebuild running',
  })
  @ApiOkResponse({ type: HealthResponse })
  @ApiInternalServerErrorResponse({ type: ErrorResponse, description: 'A store did not answer' })
  @Get()
  async health(): Promise<HealthResponse> {
    const { log, projected, gate, rebuild } = await this.queryBus.execute(new GetHealthQuery());
    return {
      status: 'ok',
      log: log?.toString() ?? null,
      projected: projected?.toString() ?? null,
      gate,
      rebuild: {
        state: rebuild.state,
        replayed: rebuild.replayed,
        head: rebuild.head?.toString() ?? null,
        etaSeconds: rebuild.etaSeconds,
      },
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
