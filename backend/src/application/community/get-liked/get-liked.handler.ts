import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { PostReads } from '../post-reads';
import { likes } from '../viewer-likes';
import { GetLikedQuery } from './get-liked.query';

/** Whether the user likes a post or comment they may see, from the likes read model. */
@QueryHandler(GetLikedQuery)
export class GetLikedHandler implements IQueryHandler<GetLikedQuery, boolean> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly reads: PostReads,
  ) {}

  async execute({ target, targetId, userId }: GetLikedQuery): Promise<boolean> {
    if (target === 'post') await this.reads.visiblePost(targetId, userId);
    else await this.reads.comment(targetId);
    return likes(this.readStore, target, targetId, userId);
  }
}
