import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RemovedPostReports } from '../../community/removed-post-reports';
import { ModerationWrites } from '../moderation-writes';
import { RemovePostCommand } from './remove-post.command';

/** Removes the post for good, then settles its pending reports with the removal. */
@CommandHandler(RemovePostCommand)
export class RemovePostHandler implements ICommandHandler<RemovePostCommand, void> {
  constructor(
    private readonly writes: ModerationWrites,
    private readonly reports: RemovedPostReports,
  ) {}

  async execute({ act, postId, reason }: RemovePostCommand): Promise<void> {
    await this.writes.decideOnPost(act, postId, { type: 'RemovePost', data: { postId, reason } });
    await this.reports.settle(postId, reason.trim(), {
      actor: { type: 'admin', id: act.adminId },
      correlationId: act.correlationId,
    });
  }
}
