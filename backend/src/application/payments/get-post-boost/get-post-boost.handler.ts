import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BOOSTS, type BoostDocument } from '../../../projections/boosts/boosts.projection';
import { PostReads } from '../../community/post-reads';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { GetPostBoostQuery } from './get-post-boost.query';

@QueryHandler(GetPostBoostQuery)
export class GetPostBoostHandler implements IQueryHandler<GetPostBoostQuery, BoostDocument | null> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly reads: PostReads,
  ) {}

  async execute({ postId, viewerId }: GetPostBoostQuery): Promise<BoostDocument | null> {
    await this.reads.visiblePost(postId, viewerId);
    const now = this.clock.now();
    const running = await this.readStore.find<BoostDocument>(BOOSTS, { postId, status: 'active' });
    return running.find((boost) => boost.expiresAt && new Date(boost.expiresAt) > now) ?? null;
  }
}
