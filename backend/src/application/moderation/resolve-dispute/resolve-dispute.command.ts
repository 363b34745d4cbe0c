import { Command } from '@nestjs/cqrs';
import type { AdminAct } from '../moderation-writes';

/**
 * An admin's decision on a payment dispute that suspended the buyer's boost purchases: lift the
 * suspension (`BoostPurchasesReinstated`) or keep it (`BoostPurchasesSuspensionKept`).
 */
export class ResolveDisputeCommand extends Command<void> {
  constructor(
    readonly act: AdminAct,
    readonly stripeDisputeId: string,
    readonly liftSuspension: boolean,
    readonly reason: string,
  ) {
    super();
  }
}
