import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  HELD_VOTES,
  HELD_VOTES_SORT,
  type HeldVoteDocument,
} from '../../../projections/held-votes/held-votes.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { ListHeldVotesQuery } from './list-held-votes.query';

export const HELD_VOTES_LISTED = 200;

@QueryHandler(ListHeldVotesQuery)
export class ListHeldVotesHandler implements IQueryHandler<ListHeldVotesQuery, HeldVoteDocument[]> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  execute({ by }: ListHeldVotesQuery): Promise<HeldVoteDocument[]> {
    return this.readStore.find<HeldVoteDocument>(HELD_VOTES, by, {
      sort: HELD_VOTES_SORT,
      limit: HELD_VOTES_LISTED,
    });
  }
}
