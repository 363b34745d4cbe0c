import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';

export interface Health {
  /** Position of the last event in the log, null when it is empty. */
  log: bigint | null;
  /** Position up to which the read models are projected, null before the first. */
  projected: bigint | null;
}

/** Readiness: both stores answer (a store that does not makes the query fail). */
export class GetHealthQuery extends Query<Health> {}

@QueryHandler(GetHealthQuery)
export class GetHealthHandler implements IQueryHandler<GetHealthQuery, Health> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute(): Promise<Health> {
    const [log, projected] = await Promise.all([
      this.eventStore.headPosition(),
      this.readStore.getCheckpoint('read-models'),
    ]);
    return { log, projected };
  }
}
