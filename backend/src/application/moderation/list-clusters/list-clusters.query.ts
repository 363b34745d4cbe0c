import { Query } from '@nestjs/cqrs';
import type { ClusterDocument } from '../../../projections/clusters/clusters.projection';
import type { Page, Paged } from '../admin-lists';

/** Bursts of sign-ups from one network: held ones first, then newest, a page at a time. */
export class ListClustersQuery extends Query<Paged<ClusterDocument>> {
  constructor(readonly page: Page) {
    super();
  }
}
