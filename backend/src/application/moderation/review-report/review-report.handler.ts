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
import { by } from '../../shared/command-metadata';
import { StreamWrites } from '../../shared/stream-writes';
import { ModerationWrites } from '../moderation-writes';
import { ReviewReportCommand } from './review-report.command';

/**
 * The verdict is decided on the report's stream; then the post, if it is still there, settles the
 * report in its tally (a dismissal overrules the reporter on this post) and is hidden
 * (`hidePost`) or released from an auto-hide its reports caused.
 */
@CommandHandler(ReviewReportCommand)
export class ReviewReportHandler implements ICommandHandler<ReviewReportCommand, void> {
  constructor(
    private readonly writes: ModerationWrites,
    private readonly streams: StreamWrites,
  ) {}

  async execute({ act, reportId, status, hidePost, note }: ReviewReportCommand): Promise<void> {
    const report = await this.writes.reads.byId<ReportDocument>(REPORTS, reportId);
    if (!report) throw new NotFoundError(REPORT_NOT_FOUND);
    const admin = by.admin(act);
    const settle = { settle: true };
    await this.streams.decide(
      reportStreamId(report.postId, report.reporterId),
      reportDecider,
      { type: 'ReviewReport', data: { reportId, status, hidePost, note } },
      admin,
      settle,
    );
    const [post] = await this.writes.reads.find<PostDocument>(POSTS, { _id: report.postId });
    if (!post || post.removed) return;
    const { postId, reporterId } = report;
    await this.streams.decide(
      postStreamId(postId),
      postDecider,
      {
        type: 'SettleReport',
        data: { postId, reportId, reporterId, status, endAutoHide: !hidePost },
      },
      admin,
      settle,
    );
    if (!hidePost) return;
    await this.streams.decide(
      postStreamId(postId),
      postDecider,
      { type: 'SetPostVisibility', data: { postId, isPublic: false, reason: note ?? 'Reported' } },
      admin,
      settle,
    );
  }
}
