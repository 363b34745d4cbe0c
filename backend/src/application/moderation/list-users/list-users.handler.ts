import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { USERS, type UserDocument } from '../../../projections/users/users.projection';
import { type Filter, READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { pageOf, type Paged, textSearch } from '../admin-lists';
import { ListUsersQuery } from './list-users.query';

@QueryHandler(ListUsersQuery)
export class ListUsersHandler implements IQueryHandler<ListUsersQuery, Paged<UserDocument>> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  execute({ search, status, page }: ListUsersQuery): Promise<Paged<UserDocument>> {
    const filter: Filter = {};
    if (status === 'admins') filter.isAdmin = true;
    else if (status !== 'all') filter.status = status;
    if (search) {
      const pattern = textSearch(search);
      filter.$or = [
        { email: pattern },
        { anonymousUsername: pattern },
        { displayUsername: pattern },
      ];
    }
    return pageOf<UserDocument>(this.readStore, USERS, filter, { createdAt: -1 }, page);
  }
}
