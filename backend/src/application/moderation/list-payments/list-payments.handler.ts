import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  PAYMENTS,
  PAYMENTS_SORT,
  type PaymentFactDocument,
} from '../../../projections/payments/payments.projection';
import { type Filter } from '../../ports/read-store.port';
import { decoratedPage, type Paged } from '../admin-lists';
import { AdminReads, type PaymentRow } from '../admin-reads';
import { ListPaymentsQuery } from './list-payments.query';

@QueryHandler(ListPaymentsQuery)
export class ListPaymentsHandler implements IQueryHandler<ListPaymentsQuery, Paged<PaymentRow>> {
  constructor(private readonly reads: AdminReads) {}

  async execute({ filter: query }: ListPaymentsQuery): Promise<Paged<PaymentRow>> {
    const filter: Filter = {};
    if (query.kind) filter.kind = query.kind;
    if (query.userId) filter.userId = query.userId;
    if (query.disputeStatus) filter.disputeStatus = query.disputeStatus;
    const page = await this.reads.page<PaymentFactDocument>(PAYMENTS, filter, PAYMENTS_SORT, query);
    return decoratedPage(page, (facts) => this.reads.paymentRows(facts));
  }
}
