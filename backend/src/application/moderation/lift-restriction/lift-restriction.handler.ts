import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { by } from '../../shared/command-metadata';
import { hiddenCommentsByPost } from '../../shared/hidden-comments';
import { BannedVotes } from '../banned-votes';
import { ModerationWrites } from '../moderation-writes';
import { LiftRestrictionCommand } from './lift-restriction.command';

@CommandHandler(LiftRestrictionCommand)
export class LiftRestrictionHandler implements ICommandHandler<LiftRestrictionCommand, void> {
  constructor(
    private readonly writes: ModerationWrites,
    private readonly votes: BannedVotes,
  ) {}

  async execute({ act, userId, reason }: LiftRestrictionCommand): Promise<void> {
    // A ban's comments deleted since are gone from the reads: only the rest count again.
    const commentsByPost = await hiddenCommentsByPost(this.writes.reads, userId);
    const decided = await this.writes.decideOnUser(
      userId,
      { type: 'LiftRestriction', data: { reason, commentsByPost } },
      by.admin(act),
    );
    // A ban's likes and ratings count again (a suspension set none aside).
    const liftedBan = decided.some(
      (event) => event.type === 'UserRestrictionLifted' && event.data.lifted === 'banned',
    );
    if (liftedBan) await this.votes.restore(userId, by.admin(act));
  }
}
