import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { BoostDocument } from '../../../projections/boosts/boosts.projection';
import { PostReads } from '../../community/post-reads';
import { GetPostBoostQuery } from './get-post-boost.query';

@QueryHandler(GetPostBoostQuery)
export class GetPostBoostHandler implements IQueryHandler<GetPostBoostQuery, BoostDocument | null> {
  constructor(private readonly reads: PostReads) {}

  async execute({ postId, viewerId }: GetPostBoostQuery): Promise<BoostDocument | null> {
    await this.reads.visiblePost(postId, viewerId);
    return this.reads.runningBoost(postId);
  }
}
