import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { reportDecider, reportStreamId } from '../../../domain/report/report.decider';
import { AutoHide } from '../auto-hide';
import { CommunityWrites } from '../community-writes';
import { RemovedPostReports } from '../removed-post-reports';
import { ReportPostCommand } from './report-post.command';
import { newRecordId } from '../../shared/record-ids';

/**
 * A member reports a post: one pending report per member and post (the report's stream), then
 * the post's tally decides whether it counts and whether enough do to hide the post.
 */
@CommandHandler(ReportPostCommand)
export class ReportPostHandler implements ICommandHandler<ReportPostCommand> {
  constructor(
    private readonly writes: CommunityWrites,
    private readonly autoHide: AutoHide,
    private readonly removed: RemovedPostReports,
  ) {}

  async execute(command: ReportPostCommand): Promise<void> {
    const { userId, postId, category, reason, correlationId } = command;
    const post = await this.writes.reads.visiblePost(postId, userId);
    const reportId = newRecordId();
    const decided = await this.writes.decide(
      reportDecider,
      reportStreamId(postId, userId),
      {
        type: 'ReportPost',
        data: { reportId, postId, userId, authorId: post.authorId, category, reason },
      },
      userId,
      correlationId,
    );
    await this.writes.settled(decided.position);
    // A post removed as the report came in: the removal settles it, nothing to hide.
    if (await this.removed.afterReport(postId, correlationId)) return;
    await this.autoHide.afterReport({ postId, reportId, reporterId: userId }, correlationId);
  }
}
