import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { reportDecider, reportStreamId } from '../../../domain/report/report.decider';
import { AutoHide } from '../auto-hide';
import { CommunityWrites } from '../community-writes';
import { ReportPostCommand } from './report-post.command';
import { newRecordId } from '../../shared/record-ids';

/** A member reports a post: one pending report per member and post; enough hide it. */
@CommandHandler(ReportPostCommand)
export class ReportPostHandler implements ICommandHandler<ReportPostCommand> {
  constructor(
    private readonly writes: CommunityWrites,
    private readonly autoHide: AutoHide,
  ) {}

  async execute({ userId, postId, reason, correlationId }: ReportPostCommand): Promise<void> {
    const post = await this.writes.reads.visiblePost(postId, userId);
    const decided = await this.writes.decide(
      reportDecider,
      reportStreamId(postId, userId),
      {
        type: 'ReportPost',
        data: { reportId: newRecordId(), postId, userId, authorId: post.authorId, reason },
      },
      userId,
      correlationId,
    );
    await this.writes.settled(decided.position);
    await this.autoHide.afterReport(postId, correlationId);
  }
}
