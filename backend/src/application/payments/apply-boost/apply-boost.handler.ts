import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type BoostType,
  boostDecider,
  boostExpiry,
  boostStreamId,
  NO_UNUSED_BOOSTS,
  NOT_YOUR_POST,
  POST_ALREADY_BOOSTED,
} from '../../../domain/boost/boost.decider';
import { postBoostDecider, postBoostStreamId } from '../../../domain/boost/post-boost.decider';
import { ConflictError, ForbiddenError } from '../../../domain/shared/errors';
import type { Decider } from '../../../domain/shared/decider';
import type { DomainEvent } from '../../../domain/shared/event';
import { PostReads } from '../../community/post-reads';
import { by } from '../../shared/command-metadata';
import type { WithoutMetadata } from '../../shared/decider-runner';
import { StreamWrites } from '../../shared/stream-writes';
import { hasActiveBoost } from '../checkouts';
import { ApplyBoostCommand } from './apply-boost.command';

@CommandHandler(ApplyBoostCommand)
export class ApplyBoostHandler implements ICommandHandler<
  ApplyBoostCommand,
  { boostType: BoostType }
> {
  constructor(
    private readonly writes: StreamWrites,
    private readonly reads: PostReads,
  ) {}

  async execute({ userId, postId, correlationId }: ApplyBoostCommand) {
    const now = this.writes.now();
    const post = await this.reads.visiblePost(postId, userId);
    if (post.authorId !== userId) throw new ForbiddenError(NOT_YOUR_POST);
    if (hasActiveBoost(post, now)) throw new ConflictError(POST_ALREADY_BOOSTED);
    const next = await this.reads.oldestUnclaimedBoost(userId);
    if (!next) throw new ConflictError(NO_UNUSED_BOOSTS);
    const slot = postBoostStreamId(postId);
    const claim = { postId, boostId: next._id };
    // The post first (one running boost per post, even when two applications race), then the
    // boost; a boost that cannot be applied after all gives the post back.
    const expiresAt = boostExpiry(next.boostType, now).toISOString();
    const decidedBy = by.member(userId, correlationId, now);
    const decide = <C, S, E extends DomainEvent>(
      stream: string,
      decider: Decider<C, S, E>,
      command: WithoutMetadata<C>,
    ) => this.writes.decide(stream, decider, command, decidedBy);
    const claimed = await decide(slot, postBoostDecider, {
      type: 'ClaimPostBoost',
      data: { ...claim, expiresAt },
    });
    let decided;
    try {
      decided = await decide(boostStreamId(next._id), boostDecider, {
        type: 'ApplyBoost',
        data: { postId, userId },
      });
    } catch (error) {
      // Only a claim this request made is given back (a racing twin may hold it for real).
      if (claimed.events.length > 0) {
        await decide(slot, postBoostDecider, { type: 'ReleasePostBoost', data: claim });
      }
      throw error;
    }
    await this.writes.settled(decided.position);
    return { boostType: next.boostType };
  }
}
