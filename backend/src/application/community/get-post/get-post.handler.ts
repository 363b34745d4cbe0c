import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { REPORTS } from '../../../projections/reports/reports.projection';
import type { PostPageView } from '../post-views';
import { PostReads } from '../post-reads';
import { GetPostQuery } from './get-post.query';

@QueryHandler(GetPostQuery)
export class GetPostHandler implements IQueryHandler<GetPostQuery, PostPageView> {
  constructor(
    private readonly reads: PostReads,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ postId, viewerId }: GetPostQuery): Promise<PostPageView> {
    const view = await this.reads.post(postId, viewerId);
    const [weeklyRank, pendingReports] = await Promise.all([
      this.reads.weeklyRank(view.post),
      // The report the decider refuses to repeat: one still waiting for an admin.
      viewerId === null
        ? 0
        : this.readStore.count(REPORTS, { postId, reporterId: viewerId, status: 'pending' }),
    ]);
    // Spelled out, not `{ ...view, weeklyRank }`: see docs/decisions/spelled-out-copies.md.
    return {
      post: view.post,
      author: view.author,
      weeklyRank,
      reportedByViewer: pendingReports > 0,
    };
  }
}
