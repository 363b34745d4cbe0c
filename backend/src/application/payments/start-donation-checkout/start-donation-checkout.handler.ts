import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { by, userActor } from '../../shared/command-metadata';
import { Checkouts } from '../checkouts';
import { StartDonationCheckoutCommand } from './start-donation-checkout.command';

@CommandHandler(StartDonationCheckoutCommand)
export class StartDonationCheckoutHandler implements ICommandHandler<
  StartDonationCheckoutCommand,
  { url: string }
> {
  constructor(private readonly checkouts: Checkouts) {}

  async execute(command: StartDonationCheckoutCommand): Promise<{ url: string }> {
    const { amount, userId, correlationId } = command;
    await this.checkouts.withinHourlyLimits(`ip:${command.clientKey}`);
    return this.checkouts.open(
      {
        itemName: 'Donation',
        amount,
        successPath: '/boost?session_id={CHECKOUT_SESSION_ID}&type=donation',
        cancelPath: '/boost?cancelled=true',
        metadata: { kind: 'donation', ...(userId ? { userId } : {}) },
        offer: { kind: 'donation', userId, boostType: null, boostId: null, postId: null },
      },
      by.actor(
        userId ? userActor(userId) : { type: 'visitor', id: command.clientKey },
        correlationId,
        this.checkouts.now(),
      ),
    );
  }
}
