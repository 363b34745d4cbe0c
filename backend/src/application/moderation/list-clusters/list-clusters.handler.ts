import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  CLUSTERS,
  CLUSTERS_SORT,
  type ClusterDocument,
} from '../../../projections/clusters/clusters.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { pageOf, type Paged } from '../admin-lists';
import { ListClustersQuery } from './list-clusters.query';

@QueryHandler(ListClustersQuery)
export class ListClustersHandler implements IQueryHandler<
  ListClustersQuery,
  Paged<ClusterDocument>
> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  execute({ page }: ListClustersQuery): Promise<Paged<ClusterDocument>> {
    return pageOf<ClusterDocument>(this.readStore, CLUSTERS, {}, CLUSTERS_SORT, page);
  }
}
