import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../domain/shared/errors';
import { UNKNOWN_CHECKOUT } from '../checkout-offer';
import { StripeNotices } from '../stripe-notices';
import { PayLocalCheckoutCommand } from './pay-local-checkout.command';

@CommandHandler(PayLocalCheckoutCommand)
export class PayLocalCheckoutHandler implements ICommandHandler<
  PayLocalCheckoutCommand,
  { successUrl: string }
> {
  constructor(private readonly notices: StripeNotices) {}

  async execute({ sessionId }: PayLocalCheckoutCommand): Promise<{ successUrl: string }> {
    const local = this.notices.localCheckout;
    if (!local?.page(sessionId)) throw new NotFoundError(UNKNOWN_CHECKOUT);
    const now = this.notices.now();
    const delivery = local.pay(sessionId, now);
    // Through the very same signed path as a delivery from Stripe.
    await this.notices.receive(delivery.body, delivery.signature, now);
    return { successUrl: delivery.successUrl };
  }
}
