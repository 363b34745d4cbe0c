import { Injectable } from '@nestjs/common';
import type { Decider } from '../../domain/shared/decider';
import type { DomainEvent } from '../../domain/shared/event';
import type { EventStore } from '../ports/event-store.port';
import { commandMetadata, userActor } from '../shared/command-metadata';
import type { Decided, RunOptions, WithoutMetadata } from '../shared/decider-runner';
import { StreamWrites } from '../shared/stream-writes';
import { PostReads } from './post-reads';

/**
 * The write path every community handler shares: decide on a stream as the signed-in user,
 * append, and (read-your-writes) wait until the read models include what was appended; with
 * the community reads a decision checks first (`reads`: the post is visible, the comment exists).
 */
@Injectable()
export class CommunityWrites {
  constructor(
    private readonly writes: StreamWrites,
    readonly reads: PostReads,
  ) {}

  get eventStore(): EventStore {
    return this.writes.eventStore;
  }

  /** Decides and appends; does not wait for the read models (see `settled`). */
  decide<Command, State, Event extends DomainEvent>(
    decider: Decider<Command, State, Event>,
    streamId: string,
    command: WithoutMetadata<Command>,
    userId: string,
    correlationId: string,
    now: Date = this.writes.now(),
    options: RunOptions = {},
  ): Promise<Decided<Event>> {
    const metadata = commandMetadata(userActor(userId), now, correlationId);
    return this.writes.decide(streamId, decider, command, metadata, options);
  }

  /** The stream's state as its decider folds it. */
  async load<Command, State, Event extends DomainEvent>(
    decider: Decider<Command, State, Event>,
    streamId: string,
  ): Promise<State> {
    return (await this.writes.load(decider, streamId)).state;
  }

  /** Resolves true once the read models include `position` (false after the bounded wait). */
  settled(position: bigint | null): Promise<boolean> {
    return this.writes.settled(position);
  }

  now(): Date {
    return this.writes.now();
  }
}
