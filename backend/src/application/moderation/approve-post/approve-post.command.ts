import { Command } from '@nestjs/cqrs';
import type { AdminAct } from '../moderation-writes';

/** Approves a post while it is unmoderated (once: a second approval is a conflict). */
export class ApprovePostCommand extends Command<void> {
  constructor(
    readonly act: AdminAct,
    readonly postId: string,
  ) {
    super();
  }
}
