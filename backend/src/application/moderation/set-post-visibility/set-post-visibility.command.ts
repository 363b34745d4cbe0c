import { Command } from '@nestjs/cqrs';
import type { AdminAct } from '../moderation-writes';

/** Hides (`isPublic: false`) or shows a post, with an optional reason. */
export class SetPostVisibilityCommand extends Command<void> {
  constructor(
    readonly act: AdminAct,
    readonly postId: string,
    readonly isPublic: boolean,
    readonly reason: string | null,
  ) {
    super();
  }
}
