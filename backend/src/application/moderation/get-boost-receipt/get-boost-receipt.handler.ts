import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../domain/shared/errors';
import { BOOSTS, type BoostDocument } from '../../../projections/boosts/boosts.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { BOOST_NOT_FOUND, GetBoostReceiptQuery, NO_RECEIPT } from './get-boost-receipt.query';

@QueryHandler(GetBoostReceiptQuery)
export class GetBoostReceiptHandler implements IQueryHandler<GetBoostReceiptQuery, string> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ boostId }: GetBoostReceiptQuery): Promise<string> {
    const boost = await this.readStore.findOne<BoostDocument>(BOOSTS, { _id: boostId });
    if (!boost) throw new NotFoundError(BOOST_NOT_FOUND);
    if (!boost.receiptUrl) throw new NotFoundError(NO_RECEIPT);
    return boost.receiptUrl;
  }
}
