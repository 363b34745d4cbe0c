import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PostReads } from '../post-reads';
import { GetLikedQuery } from './get-liked.query';

/** Whether the user likes a post or comment they may see, from the likes read model. */
@QueryHandler(GetLikedQuery)
export class GetLikedHandler implements IQueryHandler<GetLikedQuery, boolean> {
  constructor(private readonly reads: PostReads) {}

  async execute({ target, targetId, userId }: GetLikedQuery): Promise<boolean> {
    if (target === 'post') await this.reads.visiblePost(targetId, userId);
    else await this.reads.comment(targetId);
    return this.reads.likes(target, targetId, userId);
  }
}
