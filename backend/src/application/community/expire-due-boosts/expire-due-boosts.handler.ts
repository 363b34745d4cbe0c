import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../../shared/projection-progress';
import { BoostExpiry } from '../boost-expiry';
import { ExpireDueBoostsCommand } from './expire-due-boosts.command';

@CommandHandler(ExpireDueBoostsCommand)
export class ExpireDueBoostsHandler implements ICommandHandler<
  ExpireDueBoostsCommand,
  bigint | null
> {
  constructor(
    private readonly boostExpiry: BoostExpiry,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  async execute(): Promise<bigint | null> {
    // Its BoostExpired events move the position answered below.
    await this.boostExpiry.expireDue();
    return this.progress.current();
  }
}
