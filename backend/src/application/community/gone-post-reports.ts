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

/** The note a report closed by its post's deletion carries. */
export const DELETION_NOTE = 'Post deleted by its author';

/** How a post went: removed by a moderator (with the reason), or deleted by its author. */
export type PostGoing = { removed: string } | { deleted: true };

/**
 * A gone post's reports are settled, so the reported filter, the dashboard's count and the
 * Reports page no longer list it. A removal marks each one still pending reviewed (the report was
 * right), with the removal as its note; a deletion closes each as reviewed with its own note and
 * `postDeleted`, which strikes nobody (no one judged the post). Called after the post went (its
 * pending reports) and after a report (one that arrived as the post went): whichever comes second
 * finds the other in the read models, and a report settled twice is refused by its stream.
 */
@Injectable()
export class GonePostReports {
  constructor(
    private readonly writes: StreamWrites,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  /**
   * After a report: if its post was removed or deleted as it came in, the report is settled
   * too. Answers whether it was. (The report was taken on a post shown to the reporter, and a
   * post leaves the read model only when deleted.)
   */
  async afterReport(postId: string, correlationId: string): Promise<boolean> {
    const post = await this.readStore.findOne<PostDocument>(POSTS, { _id: postId });
    if (post && !post.removed) return false;
    const going: PostGoing = post ? { removed: post.removalReason ?? '' } : { deleted: true };
    const actor = post ? 'post-removal' : 'post-deletion';
    await this.settle(postId, going, by.system(actor, correlationId));
    return true;
  }

  async settle(postId: string, going: PostGoing, decidedBy: By): Promise<void> {
    const pending = await this.readStore.find<ReportDocument>(REPORTS, { postId, pending: 1 });
    const outcome =
      'removed' in going
        ? { note: removalNote(going.removed) }
        : { note: DELETION_NOTE, postDeleted: true as const };
    let last: bigint | null = null;
    for (const report of pending) {
      try {
        const decided = await this.writes.decide(
          reportStreamId(postId, report.reporterId),
          reportDecider,
          {
            type: 'ReviewReport',
            data: { reportId: report._id, status: 'reviewed', hidePost: false, ...outcome },
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
