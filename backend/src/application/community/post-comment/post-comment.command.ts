import { Command } from '@nestjs/cqrs';
import type { CommentView } from '../post-views';

export class PostCommentCommand extends Command<CommentView> {
  constructor(
    readonly userId: string,
    readonly postId: string,
    readonly text: string,
    readonly parentCommentId: string | null,
    readonly correlationId: string,
  ) {
    super();
  }
}
