import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DISPUTE_NOT_FOUND,
  paymentAccountDecider,
  paymentAccountStreamId,
} from '../../../domain/payment/payment-account.decider';
import { ConflictError, NotFoundError } from '../../../domain/shared/errors';
import {
  PAYMENTS,
  type PaymentFactDocument,
} from '../../../projections/payments/payments.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { ModerationWrites } from '../moderation-writes';
import { ResolveDisputeCommand } from './resolve-dispute.command';

export const NOTHING_TO_RESOLVE =
  'This dispute suspended no account, so there is nothing to resolve';

@CommandHandler(ResolveDisputeCommand)
export class ResolveDisputeHandler implements ICommandHandler<ResolveDisputeCommand, void> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly writes: ModerationWrites,
  ) {}

  async execute(command: ResolveDisputeCommand): Promise<void> {
    const { act, stripeDisputeId, liftSuspension, reason } = command;
    const dispute = await this.readStore.findOne<PaymentFactDocument>(PAYMENTS, {
      _id: `dispute-${stripeDisputeId}`,
    });
    if (!dispute) throw new NotFoundError(DISPUTE_NOT_FOUND);
    if (!dispute.userId || dispute.disputeStatus === 'open') {
      throw new ConflictError(NOTHING_TO_RESOLVE);
    }
    await this.writes.decide(act, paymentAccountDecider, paymentAccountStreamId(dispute.userId), {
      type: 'ResolveDispute',
      data: {
        userId: dispute.userId,
        stripeDisputeId,
        adminId: act.adminId,
        liftSuspension,
        reason,
      },
    });
  }
}
