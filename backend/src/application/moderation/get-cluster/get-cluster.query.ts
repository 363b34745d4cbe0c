import { Query } from '@nestjs/cqrs';
import type { ClusterDocument } from '../../../projections/clusters/clusters.projection';
import type { HeldVoteDocument } from '../../../projections/held-votes/held-votes.projection';

export interface ClusterDetail {
  cluster: ClusterDocument;
  /** The held-out votes of the cluster's accounts, newest first. */
  votes: HeldVoteDocument[];
}

export class GetClusterQuery extends Query<ClusterDetail> {
  constructor(readonly clusterId: string) {
    super();
  }
}
