import { Command } from '@nestjs/cqrs';

/** A delivery to Stripe's webhook: its raw body and `Stripe-Signature` header. */
export class IngestStripeWebhookCommand extends Command<void> {
  constructor(
    readonly rawBody: Buffer,
    readonly signature: string | undefined,
  ) {
    super();
  }
}
