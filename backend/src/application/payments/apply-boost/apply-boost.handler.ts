import { Inject } from '@nestjs/common';
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
import { BOOSTS, type BoostDocument } from '../../../projections/boosts/boosts.projection';
import { PostReads } from '../../community/post-reads';
import { EVENT_STORE, type EventStore } from '../../ports/event-store.port';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { runDecider } from '../../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../../shared/projection-progress';
import { hasActiveBoost, userMetadata } from '../checkouts';
import { ApplyBoostCommand } from './apply-boost.command';

@CommandHandler(ApplyBoostCommand)
export class ApplyBoostHandler implements ICommandHandler<
  ApplyBoostCommand,
  { boostType: BoostType }
> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly reads: PostReads,
  ) {}

  async execute({ userId, postId, correlationId }: ApplyBoostCommand) {
    const now = this.clock.now();
    const post = await this.reads.visiblePost(postId, userId);
    if (post.authorId !== userId) throw new ForbiddenError(NOT_YOUR_POST);
    if (hasActiveBoost(post, now)) throw new ConflictError(POST_ALREADY_BOOSTED);
    const [next] = await this.readStore.find<BoostDocument>(
      BOOSTS,
      { userId, status: 'unclaimed' },
      { sort: { createdAt: 1 }, limit: 1 },
    );
    if (!next) throw new ConflictError(NO_UNUSED_BOOSTS);
    const metadata = userMetadata(userId, now, correlationId);
    const slot = postBoostStreamId(postId);
    const claim = { postId, boostId: next._id };
    // The post first (one running boost per post, even when two applications race), then the
    // boost; a boost that cannot be applied after all gives the post back.
    const claimed = await runDecider(
      this.eventStore,
      postBoostDecider,
      slot,
      {
        type: 'ClaimPostBoost',
        data: { ...claim, expiresAt: boostExpiry(next.boostType, now).toISOString() },
      },
      metadata,
    );
    let decided;
    try {
      decided = await runDecider(
        this.eventStore,
        boostDecider,
        boostStreamId(next._id),
        { type: 'ApplyBoost', data: { postId, userId } },
        metadata,
      );
    } catch (error) {
      // Only a claim this request made is given back (a racing twin may hold it for real).
      if (claimed.events.length > 0) {
        await runDecider(
          this.eventStore,
          postBoostDecider,
          slot,
          { type: 'ReleasePostBoost', data: claim },
          metadata,
        );
      }
      throw error;
    }
    await this.progress.waitFor(decided.position);
    return { boostType: next.boostType };
  }
}
