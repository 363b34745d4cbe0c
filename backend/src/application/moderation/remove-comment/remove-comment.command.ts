import { Command } from '@nestjs/cqrs';
import type { AdminAct } from '../moderation-writes';

/** Deletes a comment (with its replies), with a reason. */
export class RemoveCommentCommand extends Command<void> {
  constructor(
    readonly act: AdminAct,
    readonly commentId: string,
    readonly reason: string,
  ) {
    super();
  }
}
