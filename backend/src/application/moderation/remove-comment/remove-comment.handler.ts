import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  COMMENT_NOT_FOUND,
  commentDecider,
  commentStreamId,
} from '../../../domain/comment/comment.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { COMMENTS, type CommentDocument } from '../../../projections/comments/comments.projection';
import { by } from '../../shared/command-metadata';
import { hiddenInThread } from '../../shared/hidden-comments';
import { StreamWrites } from '../../shared/stream-writes';
import { ModerationWrites } from '../moderation-writes';
import { RemoveCommentCommand } from './remove-comment.command';

/** Decided on the stream of the comment's thread, found through the comments read model. */
@CommandHandler(RemoveCommentCommand)
export class RemoveCommentHandler implements ICommandHandler<RemoveCommentCommand, void> {
  constructor(
    private readonly writes: ModerationWrites,
    private readonly streams: StreamWrites,
  ) {}

  async execute({ act, commentId, reason }: RemoveCommentCommand): Promise<void> {
    const comment = await this.writes.reads.byId<CommentDocument>(COMMENTS, commentId);
    if (!comment) throw new NotFoundError(COMMENT_NOT_FOUND);
    const hiddenIds = await hiddenInThread(this.writes.reads, comment);
    await this.streams.decide(
      commentStreamId(comment.threadId),
      commentDecider,
      { type: 'RemoveComment', data: { commentId, reason, hiddenIds } },
      by.admin(act),
      { settle: true },
    );
  }
}
