import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PostReads } from '../post-reads';
import type { ThreadView } from '../post-views';
import { GetCommentsQuery } from './get-comments.query';
import { KeptThreads } from './kept-threads';

@QueryHandler(GetCommentsQuery)
export class GetCommentsHandler implements IQueryHandler<GetCommentsQuery, ThreadView> {
  constructor(
    private readonly reads: PostReads,
    private readonly threads: KeptThreads,
  ) {}

  async execute({ postId, viewerId, page }: GetCommentsQuery): Promise<ThreadView> {
    // Who may see the post is the viewer's: checked on every request, never kept.
    const [{ likedComments: likedByViewer }, { threads, nextCursor }] = await Promise.all([
      this.reads.visiblePostWithLikedComments(postId, viewerId),
      this.threads.thread(postId, page),
    ]);
    return { comments: threads, likedByViewer, nextCursor };
  }
}
