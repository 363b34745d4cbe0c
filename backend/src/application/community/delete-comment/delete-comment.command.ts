import { Command } from '@nestjs/cqrs';

/** Answers the position the read models were waited for (null: nothing was appended). */
export class DeleteCommentCommand extends Command<bigint | null> {
  constructor(
    readonly userId: string,
    readonly commentId: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
