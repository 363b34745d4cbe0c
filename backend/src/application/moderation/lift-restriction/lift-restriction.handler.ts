import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { namesInParts } from '../../../domain/user/user-restrictions';
import { COMMENTS, type CommentDocument } from '../../../projections/comments/comments.projection';
import { POSTS, type PostDocument } from '../../../projections/posts/posts.projection';
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
    await this.liftInParts(userId, act);
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

  /**
   * A ban that names more than one event holds gives back all but the last part (`NAMES_PER_EVENT`) of
   * its posts and comments first, in parts (each its own append; the account stays banned
   * until the lift, which names the rest). A lift cut short is finished by the next.
   */
  private async liftInParts(userId: string, act: LiftRestrictionCommand['act']): Promise<void> {
    const [posts, comments] = await Promise.all([
      this.writes.reads.find<PostDocument>(POSTS, { authorId: userId, authorBanned: true }),
      this.writes.reads.find<CommentDocument>(COMMENTS, { authorId: userId, hidden: true }),
    ]);
    const parts = namesInParts(
      posts.map((post) => post._id),
      comments.map(({ _id, postId }) => ({ commentId: _id, postId })),
    );
    // The last part is the lift's own.
    for (const part of parts.slice(0, -1)) {
      await this.writes.decideOnUser(userId, { type: 'LiftBanInPart', data: part }, by.admin(act));
    }
  }
}
