import { Inject, Injectable } from '@nestjs/common';
import { Command } from '@nestjs/cqrs';
import {
  POST_NOT_FOUND,
  type PostCommand,
  postDecider,
  postStreamId,
} from '../../domain/post/post.decider';
import type { Decider } from '../../domain/shared/decider';
import { NotFoundError } from '../../domain/shared/errors';
import type { DomainEvent } from '../../domain/shared/event';
import { USER_NOT_FOUND, type UserCommand, userDecider } from '../../domain/user/user.decider';
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';
import { USERS, type UserDocument } from '../../projections/users/users.projection';
import { accountStreams } from '../accounts/account-secrets';
import { SessionRevocations } from '../accounts/session-revocations';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { CLOCK, type Clock } from '../shared/clock';
import { commandMetadata } from '../shared/command-metadata';
import { type Decided, runDecider, type WithoutMetadata } from '../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../shared/projection-progress';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who acts: the signed-in admin, and the request's correlation id. */
export interface AdminAct {
  adminId: string;
  correlationId: string;
}

/** An admin's restriction of an account, with a reason (a suspension, a ban). */
export abstract class RestrictUserCommand extends Command<void> {
  constructor(
    readonly act: AdminAct,
    readonly userId: string,
    readonly reason: string,
  ) {
    super();
  }
}

/** The document of that id in a collection, or null for an id that cannot be one (not a uuid). */
export function findById<T extends { _id: string }>(
  readStore: ReadStore,
  collection: string,
  id: string,
): Promise<T | null> {
  return UUID.test(id)
    ? readStore.findOne<T & { [key: string]: unknown }>(collection, { _id: id })
    : Promise.resolve(null);
}

/**
 * What every admin action does: a command decided on the stream of what it changes, with the
 * admin as the events' actor; the answer waits until the read models include it
 * (read-your-writes).
 */
@Injectable()
export class ModerationWrites {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly revocations: SessionRevocations,
  ) {}

  async decide<Command, State, Event extends DomainEvent>(
    act: AdminAct,
    decider: Decider<Command, State, Event>,
    streamId: string,
    command: WithoutMetadata<Command>,
  ): Promise<Decided<Event>> {
    const decided = await runDecider(
      this.eventStore,
      decider,
      streamId,
      command,
      commandMetadata({ type: 'admin', id: act.adminId }, this.clock.now(), act.correlationId),
    );
    await this.progress.waitFor(decided.position);
    return decided;
  }

  /** Decides on a post that exists and is not removed (404 otherwise). */
  async decideOnPost(
    act: AdminAct,
    postId: string,
    command: WithoutMetadata<PostCommand>,
  ): Promise<void> {
    const post = await findById<PostDocument>(this.readStore, POSTS, postId);
    if (!post || post.removed) throw new NotFoundError(POST_NOT_FOUND);
    await this.decide(act, postDecider, postStreamId(postId), command);
  }

  /**
   * Decides on an account that exists (404 otherwise); the sessions a decision ends (suspension,
   * ban) are refused at once, before the projections catch up.
   */
  async decideOnUser(
    act: AdminAct,
    userId: string,
    command: WithoutMetadata<UserCommand>,
  ): Promise<void> {
    await this.existingUser(userId);
    const decided = await this.decide(act, userDecider, accountStreams.user(userId), command);
    await this.revocations.record(decided.events);
  }

  async existingUser(userId: string): Promise<UserDocument> {
    const user = await findById<UserDocument>(this.readStore, USERS, userId);
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    return user;
  }
}
