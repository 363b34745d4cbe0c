import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BoostExpiry } from '../boost-expiry';
import { ExpireDueBoostsCommand } from './expire-due-boosts.command';

@CommandHandler(ExpireDueBoostsCommand)
export class ExpireDueBoostsHandler implements ICommandHandler<
  ExpireDueBoostsCommand,
  bigint | null
> {
  constructor(private readonly boostExpiry: BoostExpiry) {}

  async execute(): Promise<bigint | null> {
    // Its BoostExpired events move the position answered below.
    await this.boostExpiry.expireDue();
    return this.boostExpiry.position();
  }
}
