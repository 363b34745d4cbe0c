import { Command } from '@nestjs/cqrs';

/** The local checkout's Pay button (no Stripe key configured). */
export class PayLocalCheckoutCommand extends Command<{ successUrl: string }> {
  constructor(readonly sessionId: string) {
    super();
  }
}
