import { Injectable } from '@nestjs/common';
import { Command } from '@nestjs/cqrs';
import {
  POST_NOT_FOUND,
  type PostCommand,
  postDecider,
  postStreamId,
} from '../../domain/post/post.decider';
import { NotFoundError } from '../../domain/shared/errors';
import { USER_NOT_FOUND, type UserCommand, userDecider } from '../../domain/user/user.decider';
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';
import type { UserEvent } from '../../domain/user/user.events';
import { USERS, type UserDocument } from '../../projections/users/users.projection';
import { accountStreams } from '../accounts/account-secrets';
import { SessionRevocations } from '../accounts/session-revocations';
import type { By } from '../shared/command-metadata';
import type { RunOptions, WithoutMetadata } from '../shared/decider-runner';
import { StreamWrites } from '../shared/stream-writes';
import { AdminReads } from './admin-reads';

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
 * What the admin actions add to `StreamWrites.decide`: the back office's reads, and decisions on
 * a post or an account that must exist, the sessions a decision ends refused at once. Each
 * waits until the read models include it (read-your-writes), as every admin decision does
 * (`settle: true`).
 */
@Injectable()
export class ModerationWrites {
  constructor(
    private readonly writes: StreamWrites,
    /** What the admin actions read before deciding. */
    readonly reads: AdminReads,
    private readonly revocations: SessionRevocations,
  ) {}

  /** Decides on a post that exists and is not removed (404 otherwise). */
  async decideOnPost(postId: string, command: WithoutMetadata<PostCommand>, by: By): Promise<void> {
    const post = await this.reads.byId<PostDocument>(POSTS, postId);
    if (!post || post.removed) throw new NotFoundError(POST_NOT_FOUND);
    await this.writes.decide(postStreamId(postId), postDecider, command, by, { settle: true });
  }

  /**
   * Decides on an account that exists (404 otherwise); the sessions a decision ends (suspension,
   * ban) are refused at once, before the projections catch up. Answers the events decided.
   */
  async decideOnUser(
    userId: string,
    command: WithoutMetadata<UserCommand>,
    by: By,
    options: RunOptions = {},
  ): Promise<readonly UserEvent[]> {
    await this.existingUser(userId);
    const stream = accountStreams.user(userId);
    const settled = { ...options, settle: true };
    const decided = await this.writes.decide(stream, userDecider, command, by, settled);
    await this.revocations.record(decided.events);
    return decided.events;
  }

  async existingUser(userId: string): Promise<UserDocument> {
    const user = await this.reads.byId<UserDocument>(USERS, userId);
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    return user;
  }
}
