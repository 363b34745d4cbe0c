import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  CLUSTERS,
  CLUSTERS_SORT,
  type ClusterDocument,
} from '../../../projections/clusters/clusters.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { ListClustersQuery } from './list-clusters.query';

export const CLUSTERS_LISTED = 100;

@QueryHandler(ListClustersQuery)
export class ListClustersHandler implements IQueryHandler<ListClustersQuery, ClusterDocument[]> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  execute(): Promise<ClusterDocument[]> {
    return this.readStore.find<ClusterDocument>(
      CLUSTERS,
      {},
      { sort: CLUSTERS_SORT, limit: CLUSTERS_LISTED },
    );
  }
}
