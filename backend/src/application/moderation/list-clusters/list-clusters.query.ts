import { Query } from '@nestjs/cqrs';
import type { ClusterDocument } from '../../../projections/clusters/clusters.projection';

/** Bursts of sign-ups from one network: held ones first, then newest (at most 100). */
export class ListClustersQuery extends Query<ClusterDocument[]> {}
