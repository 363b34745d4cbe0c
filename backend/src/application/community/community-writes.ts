import { Inject, Injectable } from '@nestjs/common';
import type { Decider } from '../../domain/shared/decider';
import type { DomainEvent } from '../../domain/shared/event';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { CLOCK, type Clock } from '../shared/clock';
import { commandMetadata, userActor } from '../shared/command-metadata';
import { type Decided, runDecider, type WithoutMetadata } from '../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../shared/projection-progress';

/**
 * The write path every community handler shares: decide on a stream as the signed-in user,
 * append, and (read-your-writes) wait until the read models include what was appended.
 */
@Injectable()
export class CommunityWrites {
  constructor(
    @Inject(EVENT_STORE) readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  /** Decides and appends; does not wait for the read models (see `settled`). */
  decide<Command, State, Event extends DomainEvent>(
    decider: Decider<Command, State, Event>,
    streamId: string,
    command: WithoutMetadata<Command>,
    userId: string,
    correlationId: string,
    now: Date = this.clock.now(),
  ): Promise<Decided<Event>> {
    return runDecider(
      this.eventStore,
      decider,
      streamId,
      command,
      commandMetadata(userActor(userId), now, correlationId),
    );
  }

  /** Resolves true once the read models include `position` (false after the bounded wait). */
  settled(position: bigint | null): Promise<boolean> {
    return this.progress.waitFor(position);
  }

  now(): Date {
    return this.clock.now();
  }
}
