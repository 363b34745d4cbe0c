import { Command } from '@nestjs/cqrs';
import type { AdminAct } from '../moderation-writes';

/** Suspends an account: its sessions end and sign-in is refused. */
export class SuspendUserCommand extends Command<void> {
  constructor(
    readonly act: AdminAct,
    readonly userId: string,
    readonly reason: string,
  ) {
    super();
  }
}
