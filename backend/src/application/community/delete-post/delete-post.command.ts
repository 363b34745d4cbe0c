import { Command } from '@nestjs/cqrs';

/** Answers the position the read models were waited for (null: nothing was appended). */
export class DeletePostCommand extends Command<bigint | null> {
  constructor(
    readonly userId: string,
    readonly postId: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
