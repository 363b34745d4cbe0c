import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AdminReads, type PaymentRow } from '../admin-reads';
import { GetDisputeQuery } from './get-dispute.query';

@QueryHandler(GetDisputeQuery)
export class GetDisputeHandler implements IQueryHandler<GetDisputeQuery, PaymentRow> {
  constructor(private readonly reads: AdminReads) {}

  async execute({ stripeDisputeId }: GetDisputeQuery): Promise<PaymentRow> {
    return (await this.reads.paymentRows([await this.reads.dispute(stripeDisputeId)]))[0];
  }
}
