import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { reportDecider, reportStreamId } from '../../../domain/report/report.decider';
import { AutoHide } from '../auto-hide';
import { by } from '../../shared/command-metadata';
import { StreamWrites } from '../../shared/stream-writes';
import { PostReads } from '../post-reads';
import { GonePost } from '../gone-post';
import { ReportPostCommand } from './report-post.command';
import { newRecordId } from '../../shared/record-ids';

/**
 * A member reports a post: one pending report per member and post (the report's stream), then
 * the post's tally decides whether it counts and whether enough do to hide the post.
 */
@CommandHandler(ReportPostCommand)
export class ReportPostHandler implements ICommandHandler<ReportPostCommand> {
  constructor(
    private readonly writes: StreamWrites,
    private readonly reads: PostReads,
    private readonly autoHide: AutoHide,
    private readonly gone: GonePost,
  ) {}

  async execute(command: ReportPostCommand): Promise<void> {
    const { userId, postId, category, reason, correlationId } = command;
    const post = await this.reads.visiblePost(postId, userId);
    const reportId = newRecordId();
    await this.writes.decide(
      reportStreamId(postId, userId),
      reportDecider,
      {
        type: 'ReportPost',
        data: { reportId, postId, userId, authorId: post.authorId, category, reason },
      },
      by.member(userId, correlationId),
      { settle: true },
    );
    // A post removed as the report came in: the removal settles it, nothing to hide.
    if (await this.gone.afterReport(postId, correlationId)) return;
    await this.autoHide.afterReport({ postId, reportId, reporterId: userId }, correlationId);
  }
}
