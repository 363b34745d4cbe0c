import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CommentView } from '../post-views';
import { PostReads } from '../post-reads';
import { GetCommentsQuery } from './get-comments.query';

@QueryHandler(GetCommentsQuery)
export class GetCommentsHandler implements IQueryHandler<GetCommentsQuery, CommentView[]> {
  constructor(private readonly reads: PostReads) {}
  execute(query: GetCommentsQuery): Promise<CommentView[]> {
    return this.reads.comments(query.postId, query.viewerId);
  }
}
