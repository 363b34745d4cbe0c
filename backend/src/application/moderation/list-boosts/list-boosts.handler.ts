import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BOOSTS, type BoostDocument } from '../../../projections/boosts/boosts.projection';
import { type Filter } from '../../ports/read-store.port';
import { decoratedPage, type Paged } from '../admin-lists';
import { AdminReads } from '../admin-reads';
import { type BoostRow, type BoostState, ListBoostsQuery } from './list-boosts.query';

@QueryHandler(ListBoostsQuery)
export class ListBoostsHandler implements IQueryHandler<ListBoostsQuery, Paged<BoostRow>> {
  constructor(private readonly reads: AdminReads) {}

  async execute({ filter, userId, postId, page }: ListBoostsQuery): Promise<Paged<BoostRow>> {
    const now = this.reads.now();
    const query: Filter = {};
    if (userId) query.userId = userId;
    if (postId) query.postId = postId;
    const at = now.toISOString();
    switch (filter) {
      case 'active':
        Object.assign(query, { status: 'active', expiresAt: { $gt: at } });
        break;
      case 'expired':
        query.$or = [{ status: 'expired' }, { status: 'active', expiresAt: { $lte: at } }];
        break;
      case 'refunded':
        query.refunded = true;
        break;
      case 'unclaimed':
      case 'withdrawn':
        query.status = filter;
        break;
      default:
        break;
    }
    const boosts = await this.reads.page<BoostDocument>(BOOSTS, query, { createdAt: -1 }, page);
    return decoratedPage(boosts, async (items) => {
      const people = await this.reads.people(items.map((boost) => boost.userId));
      return items.map((boost) => ({
        boost,
        state: boostState(boost, now),
        buyer: people.get(boost.userId) ?? null,
      }));
    });
  }
}

function boostState(boost: BoostDocument, now: Date): BoostState {
  if (
    boost.status === 'active' &&
    boost.expiresAt &&
    Date.parse(boost.expiresAt) <= now.getTime()
  ) {
    return 'expired';
  }
  return boost.status;
}
