import { Inject, Injectable } from '@nestjs/common';
import { boostDecider, boostStreamId, type PostGone } from '../../domain/boost/boost.decider';
import { postBoostDecider, postBoostStreamId } from '../../domain/boost/post-boost.decider';
import {
  MAX_REPORT_REASON_LENGTH,
  reportDecider,
  reportStreamId,
} from '../../domain/report/report.decider';
import { ConflictError, NotFoundError } from '../../domain/shared/errors';
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';
import { REPORTS, type ReportDocument } from '../../projections/reports/reports.projection';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { by, type By } from '../shared/command-metadata';
import { StreamWrites } from '../shared/stream-writes';

/** The note a report settled by its post's removal carries: the removal is its outcome. */
export function removalNote(reason: string): string {
  return `Post removed: ${reason}`.slice(0, MAX_REPORT_REASON_LENGTH);
}

/** The note a report closed by its post's deletion carries. */
export const DELETION_NOTE = 'Post deleted by its author';

/** How a post went: a moderator removed it (with the reason), or its author deleted it. */
export type PostGoing = { cause: 'post_removed'; reason: string } | { cause: 'post_deleted' };

/**
 * What goes with a post that a moderator removed or its author deleted:
 * - Its boost: the post's boost stream closes (no boost takes the post again) and the boost that
 *   last took it ends. A boost applied as the post went checks the stream after (`endBoostIfGone`):
 *   whichever comes second ends it.
 * - Its pending reports, so the filters, counts and Reports page drop it. A removal marks each
 *   reviewed, with the removal as its note; a deletion closes each with `postDeleted`, which
 *   strikes nobody (no one judged the post). A report arriving as the post went is settled by its
 *   own request (`afterReport`); one settled twice is refused by its stream.
 */
@Injectable()
export class GonePost {
  constructor(
    private readonly writes: StreamWrites,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  /**
   * Called once the read models show the post gone. Waits until they show what it decided too,
   * and answers the position of the last event it appended, null for none.
   */
  async settle(postId: string, going: PostGoing, decidedBy: By): Promise<bigint | null> {
    const boost = await this.closeBoost(postId, going.cause, decidedBy);
    const reportsBy =
      going.cause === 'post_deleted'
        ? by.system('post-deletion', decidedBy.correlationId)
        : decidedBy;
    const reports = await this.settleReports(postId, going, reportsBy);
    const last = reports ?? boost;
    await this.writes.settled(last);
    return last;
  }

  /**
   * After a report: if its post was removed or deleted as it came in, the report is settled
   * too. Answers whether it was. (The report was taken on a post shown to the reporter, and a
   * post leaves the read model only when deleted.)
   */
  async afterReport(postId: string, correlationId: string): Promise<boolean> {
    const post = await this.readStore.findOne<PostDocument>(POSTS, { _id: postId });
    if (post && !post.removed) return false;
    const going: PostGoing = post
      ? { cause: 'post_removed', reason: post.removalReason ?? '' }
      : { cause: 'post_deleted' };
    const actor = post ? 'post-removal' : 'post-deletion';
    await this.writes.settled(
      await this.settleReports(postId, going, by.system(actor, correlationId)),
    );
    return true;
  }

  /**
   * After a boost was applied to a post: if the post went meanwhile, the boost ends now (or was
   * ended by the post's going). Answers whether it went, and the position of the end appended.
   */
  async endBoostIfGone(
    postId: string,
    boostId: string,
    decidedBy: By,
  ): Promise<{ gone: boolean; position: bigint | null }> {
    const { state } = await this.writes.load(postBoostDecider, postBoostStreamId(postId));
    if (!state?.closed) return { gone: false, position: null };
    return { gone: true, position: await this.endBoost(boostId, postId, state.cause, decidedBy) };
  }

  private async closeBoost(postId: string, cause: PostGone, decidedBy: By): Promise<bigint | null> {
    const closed = await this.writes.decide(
      postBoostStreamId(postId),
      postBoostDecider,
      { type: 'ClosePostBoost', data: { postId, cause } },
      decidedBy,
    );
    const [event] = closed.events;
    if (event?.type !== 'PostBoostClosed' || event.data.boostId === null) return closed.position;
    const ended = await this.endBoost(event.data.boostId, postId, cause, decidedBy);
    return ended ?? closed.position;
  }

  private async endBoost(
    boostId: string,
    postId: string,
    cause: PostGone,
    decidedBy: By,
  ): Promise<bigint | null> {
    const ended = await this.writes.decide(
      boostStreamId(boostId),
      boostDecider,
      { type: 'EndBoost', data: { postId, cause } },
      decidedBy,
    );
    return ended.position;
  }

  /** Settles the post's pending reports; answers the position of the last, null for none. */
  private async settleReports(
    postId: string,
    going: PostGoing,
    decidedBy: By,
  ): Promise<bigint | null> {
    const pending = await this.readStore.find<ReportDocument>(REPORTS, { postId, pending: 1 });
    const outcome =
      going.cause === 'post_removed'
        ? { note: removalNote(going.reason) }
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
    return last;
  }
}
