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
import { CommunityWrites } from '../../community/community-writes';
import type { WithoutMetadata } from '../../shared/decider-runner';
import { hasActiveBoost } from '../checkouts';
import { ApplyBoostCommand } from './apply-boost.command';

@CommandHandler(ApplyBoostCommand)
export class ApplyBoostHandler implements ICommandHandler<
  ApplyBoostCommand,
  { boostType: BoostType }
> {
  constructor(private readonly community: CommunityWrites) {}

  async execute({ userId, postId, correlationId }: ApplyBoostCommand) {
    const now = this.community.now();
    const post = await this.community.reads.visiblePost(postId, userId);
    if (post.authorId !== userId) throw new ForbiddenError(NOT_YOUR_POST);
    if (hasActiveBoost(post, now)) throw new ConflictError(POST_ALREADY_BOOSTED);
    const next = await this.community.reads.oldestUnclaimedBoost(userId);
    if (!next) throw new ConflictError(NO_UNUSED_BOOSTS);
    const slot = postBoostStreamId(postId);
    const claim = { postId, boostId: next._id };
    // The post first (one running boost per post, even when two applications race), then the
    // boost; a boost that cannot be applied after all gives the post back.
    const expiresAt = boostExpiry(next.boostType, now).toISOString();
    const decide = <C, S, E extends DomainEvent>(
      decider: Decider<C, S, E>,
      streamId: string,
      command: WithoutMetadata<C>,
    ) => this.community.decide(decider, streamId, command, userId, correlationId, now);
    const claimed = await decide(postBoostDecider, slot, {
      type: 'ClaimPostBoost',
      data: { ...claim, expiresAt },
    });
    let decided;
    try {
      decided = await decide(boostDecider, boostStreamId(next._id), {
        type: 'ApplyBoost',
        data: { postId, userId },
      });
    } catch (error) {
      // Only a claim this request made is given back (a racing twin may hold it for real).
      if (claimed.events.length > 0) {
        await decide(postBoostDecider, slot, { type: 'ReleasePostBoost', data: claim });
      }
      throw error;
    }
    await this.community.settled(decided.position);
    return { boostType: next.boostType };
  }
}
