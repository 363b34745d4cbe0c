import { Command } from '@nestjs/cqrs';
import type { AdminAct } from '../moderation-writes';

/** Ends an account's posting suspension (after strikes) before its time, with a reason. */
export class LiftPostingSuspensionCommand extends Command<void> {
  constructor(
    readonly act: AdminAct,
    readonly userId: string,
    readonly reason: string,
  ) {
    super();
  }
}
