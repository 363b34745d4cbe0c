import { Command } from '@nestjs/cqrs';
import type { AdminAct } from '../moderation-writes';

/** Removes a post for good, with a reason. */
export class RemovePostCommand extends Command<void> {
  constructor(
    readonly act: AdminAct,
    readonly postId: string,
    readonly reason: string,
  ) {
    super();
  }
}
