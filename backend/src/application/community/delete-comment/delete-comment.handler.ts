import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { commentDecider, commentStreamId } from '../../../domain/comment/comment.decider';
import { by } from '../../shared/command-metadata';
import { StreamWrites } from '../../shared/stream-writes';
import { PostReads } from '../post-reads';
import { DeleteCommentCommand } from './delete-comment.command';

/** The author deletes a comment; a top-level one takes its replies with it. */
@CommandHandler(DeleteCommentCommand)
export class DeleteCommentHandler implements ICommandHandler<DeleteCommentCommand> {
  constructor(
    private readonly writes: StreamWrites,
    private readonly reads: PostReads,
  ) {}

  async execute({
    userId,
    commentId,
    correlationId,
  }: DeleteCommentCommand): Promise<bigint | null> {
    const comment = await this.reads.comment(commentId);
    const hiddenIds = await this.reads.hiddenInThread(comment);
    const decided = await this.writes.decide(
      commentStreamId(comment.threadId),
      commentDecider,
      { type: 'DeleteComment', data: { commentId, userId, hiddenIds } },
      by.member(userId, correlationId),
      { settle: true },
    );
    return decided.position;
  }
}
