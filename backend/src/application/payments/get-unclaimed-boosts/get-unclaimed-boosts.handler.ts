import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BOOSTS, type BoostDocument } from '../../../projections/boosts/boosts.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { GetUnclaimedBoostsQuery, type UnclaimedBoosts } from './get-unclaimed-boosts.query';

@QueryHandler(GetUnclaimedBoostsQuery)
export class GetUnclaimedBoostsHandler implements IQueryHandler<
  GetUnclaimedBoostsQuery,
  UnclaimedBoosts
> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ userId }: GetUnclaimedBoostsQuery): Promise<UnclaimedBoosts> {
    const boosts = await this.readStore.find<BoostDocument>(
      BOOSTS,
      { userId, status: 'unclaimed' },
      { sort: { createdAt: 1 } },
    );
    return { count: boosts.length, boost: boosts[0] ?? null, boosts };
  }
}
