import { Inject, Injectable } from '@nestjs/common';
import {
  MAX_REPORT_REASON_LENGTH,
  reportDecider,
  reportStreamId,
} from '../../domain/report/report.decider';
import { ConflictError, NotFoundError } from '../../domain/shared/errors';
import { REPORTS, type ReportDocument } from '../../projections/reports/reports.projection';
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { by, type By } from '../shared/command-metadata';
import { StreamWrites } from '../shared/stream-writes';

/** The note a report settled by its post's removal carries: the removal is its outcome. */
export function removalNote(reason: string): string {
  return `Post removed: ${reason}`.slice(0, MAX_REPORT_REASON_LENGTH);
}

/**
 * A removed post's reports are settled: each one still pending is marked reviewed (the report
 * was right), with the removal as its note, so the reported filter, the dashboard's count and the
 * Reports page no longer list the post. Called after the removal (its pending reports) and
 * after a report (one that arrived as the post was being removed): whichever comes second
 * finds the other in the read models, and a report settled twice is refused by its stream.
 */
@Injectable()
export class RemovedPostReports {
  constructor(
    private readonly writes: StreamWrites,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  /**
   * After a report: if its post was removed as it came in, the report is settled too. Answers
   * whether it was.
   */
  async afterReport(postId: string, correlationId: string): Promise<boolean> {
    const post = await this.readStore.findOne<PostDocument>(POSTS, { _id: postId });
    if (!post?.removed) return false;
    await this.settle(postId, post.removalReason ?? '', by.system('post-removal', correlationId));
    return true;
  }

  async settle(postId: string, reason: string, decidedBy: By): Promise<void> {
    const pending = await this.readStore.find<ReportDocument>(REPORTS, { postId, pending: 1 });
    let last: bigint | null = null;
    for (const report of pending) {
      try {
        const decided = await this.writes.decide(
          reportStreamId(postId, report.reporterId),
          reportDecider,
          {
            type: 'ReviewReport',
            data: {
              reportId: report._id,
              status: 'reviewed',
              hidePost: false,
              note: removalNote(reason),
            },
          },
          decidedBy,
        );
        last = decided.position ?? last;
      } catch (error) {
        // Settled meanwhile, by an admin or by the other path: nothing left to do.
        if (error instanceof ConflictError || error instanceof NotFoundError) continue;
        throw error;
      }
    }
    await this.writes.settled(last);
  }
}
