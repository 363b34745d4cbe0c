import { Controller, Get, Inject } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '../../infrastructure/event-store/event-store.port';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';

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
}
