import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type BoostType,
  boostDecider,
  boostExpiry,
  boostStreamId,
  NO_UNUSED_BOOSTS,
} from '../../../domain/boost/boost.decider';
import { postBoostDecider, postBoostStreamId } from '../../../domain/boost/post-boost.decider';
import { POST_NOT_FOUND } from '../../../domain/post/post.decider';
import { ConflictError, NotFoundError } from '../../../domain/shared/errors';
import type { Decider } from '../../../domain/shared/decider';
import type { DomainEvent } from '../../../domain/shared/event';
import { GonePost } from '../../community/gone-post';
import { PostReads } from '../../community/post-reads';
import { by } from '../../shared/command-metadata';
import type { WithoutMetadata } from '../../shared/decider-runner';
import { StreamWrites } from '../../shared/stream-writes';
import { assertBoostable } from '../checkouts';
import { ApplyBoostCommand } from './apply-boost.command';

@CommandHandler(ApplyBoostCommand)
export class ApplyBoostHandler implements ICommandHandler<
  ApplyBoostCommand,
  { boostType: BoostType }
> {
  constructor(
    private readonly writes: StreamWrites,
    private readonly reads: PostReads,
    private readonly gone: GonePost,
  ) {}

  /**
   * Applies the account's oldest unused boost. Two applications at once may both pick the same
   * boost: the one that loses it tries the next unused one, so no boost the account has is
   * refused as "none left". A post that goes as its boost is applied takes the boost with it
   * (see `GonePost`), and the answer is the gone post's 404.
   */
  async execute(command: ApplyBoostCommand) {
    const taken = new Set<string>();
    for (;;) {
      const applied = await this.applyOnce(command, taken);
      if (applied) return applied;
    }
  }

  /** Null when a racing application took the chosen boost first (then noted in `taken`). */
  private async applyOnce(
    { userId, postId, correlationId }: ApplyBoostCommand,
    taken: Set<string>,
  ): Promise<{ boostType: BoostType } | null> {
    const now = this.writes.now();
    assertBoostable(await this.reads.visiblePost(postId, userId), userId, now);
    const next = await this.reads.oldestUnclaimedBoost(userId, taken);
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
      // The boost went to a racing application meanwhile: the next unused one is tried.
      if (error instanceof ConflictError && error.message === NO_UNUSED_BOOSTS) {
        taken.add(next._id);
        return null;
      }
      throw error;
    }
    // The post removed or deleted as the boost was applied: the boost ends with it.
    const ended = await this.gone.endBoostIfGone(postId, next._id, decidedBy);
    await this.writes.settled(ended.position ?? decided.position);
    if (ended.gone) throw new NotFoundError(POST_NOT_FOUND);
    return { boostType: next.boostType };
  }
}
