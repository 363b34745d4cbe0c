import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  PAYMENTS,
  PAYMENTS_SORT,
  type PaymentFactDocument,
} from '../../../projections/payments/payments.projection';
import { type Filter, READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { decoratedPage, pageOf, type Paged } from '../admin-lists';
import { AdminPeople, type PaymentRow } from '../admin-people';
import { ListPaymentsQuery } from './list-payments.query';

@QueryHandler(ListPaymentsQuery)
export class ListPaymentsHandler implements IQueryHandler<ListPaymentsQuery, Paged<PaymentRow>> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly people: AdminPeople,
  ) {}

  async execute({ filter: query }: ListPaymentsQuery): Promise<Paged<PaymentRow>> {
    const filter: Filter = {};
    if (query.kind) filter.kind = query.kind;
    if (query.userId) filter.userId = query.userId;
    if (query.disputeStatus) filter.disputeStatus = query.disputeStatus;
    const page = await pageOf<PaymentFactDocument>(
      this.readStore,
      PAYMENTS,
      filter,
      PAYMENTS_SORT,
      query,
    );
    return decoratedPage(page, (facts) => this.people.paymentRows(facts));
  }
}
