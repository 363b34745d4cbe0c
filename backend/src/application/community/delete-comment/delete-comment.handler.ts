import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { commentDecider, commentStreamId } from '../../../domain/comment/comment.decider';
import { CommunityWrites } from '../community-writes';
import { DeleteCommentCommand } from './delete-comment.command';

/** The author deletes a comment; a top-level one takes its replies with it. */
@CommandHandler(DeleteCommentCommand)
export class DeleteCommentHandler implements ICommandHandler<DeleteCommentCommand> {
  constructor(private readonly writes: CommunityWrites) {}

  async execute({
    userId,
    commentId,
    correlationId,
  }: DeleteCommentCommand): Promise<bigint | null> {
    const comment = await this.writes.reads.comment(commentId);
    const decided = await this.writes.decide(
      commentDecider,
      commentStreamId(comment.threadId),
      { type: 'DeleteComment', data: { commentId, userId } },
      userId,
      correlationId,
    );
    await this.writes.settled(decided.position);
    return decided.position;
  }
}
