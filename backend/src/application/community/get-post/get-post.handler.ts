import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PostView } from '../post-views';
import { PostReads } from '../post-reads';
import { GetPostQuery } from './get-post.query';

@QueryHandler(GetPostQuery)
export class GetPostHandler implements IQueryHandler<GetPostQuery, PostView> {
  constructor(private readonly reads: PostReads) {}
  execute(query: GetPostQuery): Promise<PostView> {
    return this.reads.post(query.postId, query.viewerId);
  }
}
