import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ADMINS, type AdminDocument } from '../../../projections/admins/admins.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { pageOf, type Paged } from '../../moderation/admin-lists';
import { ListAdminsQuery } from './list-admins.query';

@QueryHandler(ListAdminsQuery)
export class ListAdminsHandler implements IQueryHandler<ListAdminsQuery, Paged<AdminDocument>> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  execute({ page }: ListAdminsQuery): Promise<Paged<AdminDocument>> {
    return pageOf<AdminDocument>(this.readStore, ADMINS, {}, { createdAt: 1 }, page);
  }
}
