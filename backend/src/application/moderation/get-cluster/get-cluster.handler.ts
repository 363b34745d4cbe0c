import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CLUSTER_NOT_FOUND } from '../../../domain/post-rating/network-cluster.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { CLUSTERS, type ClusterDocument } from '../../../projections/clusters/clusters.projection';
import {
  HELD_VOTES,
  HELD_VOTES_SORT,
  type HeldVoteDocument,
} from '../../../projections/held-votes/held-votes.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { HELD_VOTES_LISTED } from '../list-held-votes/list-held-votes.handler';
import { type ClusterDetail, GetClusterQuery } from './get-cluster.query';

@QueryHandler(GetClusterQuery)
export class GetClusterHandler implements IQueryHandler<GetClusterQuery, ClusterDetail> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ clusterId }: GetClusterQuery): Promise<ClusterDetail> {
    const cluster = await this.readStore.findOne<ClusterDocument>(CLUSTERS, { _id: clusterId });
    if (!cluster) throw new NotFoundError(CLUSTER_NOT_FOUND);
    const votes: HeldVoteDocument[] = [];
    for (const { userId } of cluster.accounts) {
      votes.push(
        ...(await this.readStore.find<HeldVoteDocument>(
          HELD_VOTES,
          { userId },
          { sort: HELD_VOTES_SORT, limit: HELD_VOTES_LISTED },
        )),
      );
    }
    votes.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
    return { cluster, votes };
  }
}
