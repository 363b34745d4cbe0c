import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { postDecider, postStreamId } from '../../../domain/post/post.decider';
import {
  REPORT_NOT_FOUND,
  reportDecider,
  reportStreamId,
} from '../../../domain/report/report.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { POSTS, type PostDocument } from '../../../projections/posts/posts.projection';
import { REPORTS, type ReportDocument } from '../../../projections/reports/reports.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { findById, ModerationWrites } from '../moderation-writes';
import { ReviewReportCommand } from './review-report.command';

/**
 * The verdict is decided on the report's stream; then the post, if it is still there, settles the
 * report in its tally (a dismissal overrules the reporter on this post) and is hidden
 * (`hidePost`) or released from an auto-hide its reports caused.
 */
@CommandHandler(ReviewReportCommand)
export class ReviewReportHandler implements ICommandHandler<ReviewReportCommand, void> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly writes: ModerationWrites,
  ) {}

  async execute({ act, reportId, status, hidePost, note }: ReviewReportCommand): Promise<void> {
    const report = await findById<ReportDocument>(this.readStore, REPORTS, reportId);
    if (!report) throw new NotFoundError(REPORT_NOT_FOUND);
    await this.writes.decide(act, reportDecider, reportStreamId(report.postId, report.reporterId), {
      type: 'ReviewReport',
      data: { reportId, status, hidePost, note },
    });
    const post = await this.readStore.findOne<PostDocument>(POSTS, { _id: report.postId });
    if (!post || post.removed) return;
    const { postId, reporterId } = report;
    await this.writes.decide(act, postDecider, postStreamId(postId), {
      type: 'SettleReport',
      data: { postId, reportId, reporterId, status, endAutoHide: !hidePost },
    });
    if (!hidePost) return;
    await this.writes.decide(act, postDecider, postStreamId(postId), {
      type: 'SetPostVisibility',
      data: { postId, isPublic: false, reason: note ?? 'Reported' },
    });
  }
}
