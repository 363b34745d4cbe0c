import { Controller, Get, Header, Inject } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '../../application/ports/event-store.port';
import { READ_STORE, type ReadStore } from '../../application/ports/read-store.port';

/** For load balancers and the compose health checks: are the stores reachable, how far behind. */
@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  @Get()
  async health() {
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
  @Get('live')
  @Header('Cache-Control', 'no-store')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
