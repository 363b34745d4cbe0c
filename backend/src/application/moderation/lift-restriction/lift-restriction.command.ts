import { Command } from '@nestjs/cqrs';
import type { AdminAct } from '../moderation-writes';

/** Lifts a suspension or a ban. */
export class LiftRestrictionCommand extends Command<void> {
  constructor(
    readonly act: AdminAct,
    readonly userId: string,
    readonly reason: string | null,
  ) {
    super();
  }
}
