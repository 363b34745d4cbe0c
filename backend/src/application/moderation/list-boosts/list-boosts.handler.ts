import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BOOSTS, type BoostDocument } from '../../../projections/boosts/boosts.projection';
import { type Filter, READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { decoratedPage, pageOf, type Paged } from '../admin-lists';
import { AdminPeople } from '../admin-people';
import { type BoostRow, type BoostState, ListBoostsQuery } from './list-boosts.query';

@QueryHandler(ListBoostsQuery)
export class ListBoostsHandler implements IQueryHandler<ListBoostsQuery, Paged<BoostRow>> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly people: AdminPeople,
  ) {}

  async execute({ filter, userId, postId, page }: ListBoostsQuery): Promise<Paged<BoostRow>> {
    const now = this.clock.now();
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
    const boosts = await pageOf<BoostDocument>(
      this.readStore,
      BOOSTS,
      query,
      { createdAt: -1 },
      page,
    );
    return decoratedPage(boosts, async (items) => {
      const people = await this.people.people(items.map((boost) => boost.userId));
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
