import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StripeNotices } from '../stripe-notices';
import { IngestStripeWebhookCommand } from './ingest-stripe-event.command';

/**
 * The webhook: verifies the delivery and reads it (the adapter), records it, and answers once
 * the fulfilment reactor has acted on it (bounded: the answer never depends on it).
 */
@CommandHandler(IngestStripeWebhookCommand)
export class IngestStripeWebhookHandler implements ICommandHandler<IngestStripeWebhookCommand> {
  constructor(private readonly notices: StripeNotices) {}

  execute({ rawBody, signature }: IngestStripeWebhookCommand): Promise<void> {
    return this.notices.receive(rawBody, signature);
  }
}
