import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { batchRead } from '../../ports/read-batch';
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
    // Its rank and the viewer's report still waiting for an admin (the report the decider
    // refuses to repeat), in one round trip.
    const { before, pendingReports } = await this.readStore.readMany({
      before: this.reads.weeklyRankRead(view.post),
      pendingReports: batchRead.count(
        REPORTS,
        // A signed-out viewer has reported nothing: a filter no report matches.
        viewerId === null
          ? { _id: { $in: [] } }
          : { postId, reporterId: viewerId, status: 'pending' },
      ),
    });
    const weeklyRank = before.length === 0 ? null : before[0] + 1;
    return { ...view, weeklyRank, reportedByViewer: pendingReports > 0 };
  }
}
