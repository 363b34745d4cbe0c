import { Controller, Get, Header, Headers, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiInternalServerErrorResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { GetHealthQuery } from '../../application/shared/health.query';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.provider';
import { bearsMetricsToken } from '../../config/metrics-config';
import { ErrorResponse } from '../shared/openapi';
import { HealthResponse, LiveResponse } from './health.view';

/** For load balancers and the compose health checks: are the stores reachable, how far behind. */
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'metricsToken'>,
  ) {}

  @ApiOperation({
    summary:
      'Readiness: both stores answer. With the metrics token (Authorization: Bearer <METRICS_TOKEN>), also how far the log and the read models are, whether the content gate is ready and whether a rebuild runs',
  })
  @ApiOkResponse({ type: HealthResponse })
  @ApiInternalServerErrorResponse({ type: ErrorResponse, description: 'A store did not answer' })
  @Get()
  @Header('Cache-Control', 'no-store')
  async health(@Headers('authorization') authorization?: string): Promise<HealthResponse> {
    const { log, projected, gate, rebuild } = await this.queryBus.execute(new GetHealthQuery());
    // The log's head and the rebuild's progress are the operators' (the metrics token's).
    if (!bearsMetricsToken(authorization, this.config.metricsToken)) return { status: 'ok' };
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
