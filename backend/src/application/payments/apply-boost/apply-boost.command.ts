import { Command } from '@nestjs/cqrs';
import type { BoostType } from '../../../domain/boost/boost.decider';

/** Applies the account's oldest unused boost to one of its posts. */
export class ApplyBoostCommand extends Command<{ boostType: BoostType }> {
  constructor(
    readonly userId: string,
    readonly postId: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
