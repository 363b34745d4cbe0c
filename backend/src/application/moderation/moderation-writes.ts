import { Injectable } from '@nestjs/common';
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
import type { Decided, RunOptions, WithoutMetadata } from '../shared/decider-runner';
import { StreamWrites } from '../shared/stream-writes';
import { AdminReads } from './admin-reads';

export { findById } from './admin-reads';

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

/**
 * What every admin action does: a command decided on the stream of what it changes, with the
 * admin as the events' actor; the answer waits until the read models include it
 * (read-your-writes).
 */
@Injectable()
export class ModerationWrites {
  constructor(
    private readonly writes: StreamWrites,
    /** What the admin actions read before deciding. */
    readonly reads: AdminReads,
    private readonly revocations: SessionRevocations,
  ) {}

  async decide<Command, State, Event extends DomainEvent>(
    act: AdminAct,
    decider: Decider<Command, State, Event>,
    streamId: string,
    command: WithoutMetadata<Command>,
    options: RunOptions = {},
  ): Promise<Decided<Event>> {
    const actor = { type: 'admin' as const, id: act.adminId };
    const by = { actor, correlationId: act.correlationId };
    const decided = await this.writes.decide(streamId, decider, command, by, options);
    await this.writes.settled(decided.position);
    return decided;
  }

  /** Decides on a post that exists and is not removed (404 otherwise). */
  async decideOnPost(
    act: AdminAct,
    postId: string,
    command: WithoutMetadata<PostCommand>,
  ): Promise<void> {
    const post = await this.reads.byId<PostDocument>(POSTS, postId);
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
    options: RunOptions = {},
  ): Promise<void> {
    await this.existingUser(userId);
    const stream = accountStreams.user(userId);
    const decided = await this.decide(act, userDecider, stream, command, options);
    await this.revocations.record(decided.events);
  }

  async existingUser(userId: string): Promise<UserDocument> {
    const user = await this.reads.byId<UserDocument>(USERS, userId);
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    return user;
  }
}
