import { Command } from '@nestjs/cqrs';
import type { AdminAct } from '../moderation-writes';

/** An admin clears a burst of sign-ups: its accounts' held ratings count from then on. */
export class ClearClusterCommand extends Command<{ counted: number }> {
  constructor(
    readonly act: AdminAct,
    readonly clusterId: string,
    readonly reason: string,
  ) {
    super();
  }
}
