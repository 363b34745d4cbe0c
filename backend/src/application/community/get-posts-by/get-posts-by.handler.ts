import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PostDocument } from '../../../projections/posts/posts.projection';
import { PostReads } from '../post-reads';
import { GetPostsByQuery } from './get-posts-by.query';

@QueryHandler(GetPostsByQuery)
export class GetPostsByHandler implements IQueryHandler<GetPostsByQuery, PostDocument[]> {
  constructor(private readonly reads: PostReads) {}
  execute(query: GetPostsByQuery): Promise<PostDocument[]> {
    return this.reads.postsBy(query.authorId, query.publicOnly);
  }
}
