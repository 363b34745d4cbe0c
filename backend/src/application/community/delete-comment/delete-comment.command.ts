import { Command } from '@nestjs/cqrs';

export class DeleteCommentCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly commentId: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
