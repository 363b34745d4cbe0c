import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DISPUTE_NOT_FOUND } from '../../../domain/payment/payment-account.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import {
  PAYMENTS,
  type PaymentFactDocument,
} from '../../../projections/payments/payments.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { AdminPeople, type PaymentRow } from '../admin-people';
import { GetDisputeQuery } from './get-dispute.query';

@QueryHandler(GetDisputeQuery)
export class GetDisputeHandler implements IQueryHandler<GetDisputeQuery, PaymentRow> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly people: AdminPeople,
  ) {}

  async execute({ stripeDisputeId }: GetDisputeQuery): Promise<PaymentRow> {
    const dispute = await this.readStore.findOne<PaymentFactDocument>(PAYMENTS, {
      _id: `dispute-${stripeDisputeId}`,
    });
    if (!dispute) throw new NotFoundError(DISPUTE_NOT_FOUND);
    return (await this.people.paymentRows([dispute]))[0];
  }
}
