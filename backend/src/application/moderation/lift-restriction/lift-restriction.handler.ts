import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NAMES_PER_EVENT } from '../../../domain/user/user-restrictions';
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
   * A ban that names more than one event holds gives back all but the last `NAMES_PER_EVENT` of
   * its posts and comments first, in parts (each its own append; the account stays banned
   * until the lift, which names the rest). A lift cut short is finished by the next.
   */
  private async liftInParts(userId: string, act: LiftRestrictionCommand['act']): Promise<void> {
    const [posts, comments] = await Promise.all([
      this.writes.reads.find<PostDocument>(POSTS, { authorId: userId, authorBanned: true }),
      this.writes.reads.find<CommentDocument>(COMMENTS, { authorId: userId, hidden: true }),
    ]);
    const names = [
      ...posts.map((post) => ({ postId: post._id, comment: null })),
      ...comments.map((comment) => ({ postId: comment.postId, comment: comment._id })),
    ];
    for (let from = 0; names.length - from > NAMES_PER_EVENT; from += NAMES_PER_EVENT) {
      const part = names.slice(from, from + NAMES_PER_EVENT);
      await this.writes.decideOnUser(
        userId,
        {
          type: 'LiftBanInPart',
          data: {
            postIds: part.filter((name) => name.comment === null).map((name) => name.postId),
            comments: part.flatMap(({ postId, comment }) =>
              comment === null ? [] : [{ commentId: comment, postId }],
            ),
          },
        },
        by.admin(act),
      );
    }
  }
}
