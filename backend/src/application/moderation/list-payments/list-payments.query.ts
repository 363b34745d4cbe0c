import { Query } from '@nestjs/cqrs';
import {
  DISPUTE_STATUSES,
  type DisputeStatus,
  PAYMENT_FACT_KINDS,
  type PaymentFactKind,
} from '../../../projections/payments/payments.projection';
import type { Page, Paged } from '../admin-lists';
import type { PaymentRow } from '../admin-reads';

export { DISPUTE_STATUSES, PAYMENT_FACT_KINDS, type DisputeStatus, type PaymentFactKind };

export interface PaymentsFilter extends Page {
  kind?: PaymentFactKind;
  userId?: string;
  disputeStatus?: DisputeStatus;
}

/** Every purchase, donation, refund and dispute Stripe told of, newest first. */
export class ListPaymentsQuery extends Query<Paged<PaymentRow>> {
  constructor(readonly filter: PaymentsFilter) {
    super();
  }
}
