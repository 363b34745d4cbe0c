import { Query } from '@nestjs/cqrs';
import type { PaymentRow } from '../admin-reads';

/** A payment dispute by its Stripe id, with its buyer and the admin who resolved it. */
export class GetDisputeQuery extends Query<PaymentRow> {
  constructor(readonly stripeDisputeId: string) {
    super();
  }
}
