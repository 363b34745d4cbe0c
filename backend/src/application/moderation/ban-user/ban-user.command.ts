import { Command } from '@nestjs/cqrs';
import type { AdminAct } from '../moderation-writes';

/** Bans an account: its sessions end, sign-in is refused, its posts and comments are hidden. */
export class BanUserCommand extends Command<void> {
  constructor(
    readonly act: AdminAct,
    readonly userId: string,
    readonly reason: string,
  ) {
    super();
  }
}
