import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  paymentAccountDecider,
  paymentAccountStreamId,
} from '../../../domain/payment/payment-account.decider';
import { ConflictError } from '../../../domain/shared/errors';
import { by } from '../../shared/command-metadata';
import { StreamWrites } from '../../shared/stream-writes';
import { ModerationWrites } from '../moderation-writes';
import { ResolveDisputeCommand } from './resolve-dispute.command';

export const NOTHING_TO_RESOLVE =
  'This dispute suspended no account, so there is nothing to resolve';

@CommandHandler(ResolveDisputeCommand)
export class ResolveDisputeHandler implements ICommandHandler<ResolveDisputeCommand, void> {
  constructor(
    private readonly writes: ModerationWrites,
    private readonly streams: StreamWrites,
  ) {}

  async execute(command: ResolveDisputeCommand): Promise<void> {
    const { act, stripeDisputeId, liftSuspension, reason } = command;
    const dispute = await this.writes.reads.dispute(stripeDisputeId);
    if (!dispute.userId || dispute.disputeStatus === 'open') {
      throw new ConflictError(NOTHING_TO_RESOLVE);
    }
    await this.streams.decide(
      paymentAccountStreamId(dispute.userId),
      paymentAccountDecider,
      {
        type: 'ResolveDispute',
        data: {
          userId: dispute.userId,
          stripeDisputeId,
          adminId: act.adminId,
          liftSuspension,
          reason,
        },
      },
      by.admin(act),
      { settle: true },
    );
  }
}
