import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  CLUSTER_NOT_FOUND,
  networkClusterDecider,
  networkStreamId,
} from '../../../domain/post-rating/network-cluster.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { CLUSTERS, type ClusterDocument } from '../../../projections/clusters/clusters.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { HeldRatings } from '../count-held-ratings/held-ratings';
import { ModerationWrites } from '../moderation-writes';
import { ClearClusterCommand } from './clear-cluster.command';

/**
 * Clearing is decided on the network's stream (`ClusterCleared`, with the admin and the reason:
 * the audit trail); then each held rating of its accounts is asked to count on its own stream.
 * A rating left uncounted by a failure here is counted by the next sweep.
 */
@CommandHandler(ClearClusterCommand)
export class ClearClusterHandler implements ICommandHandler<
  ClearClusterCommand,
  { counted: number }
> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly writes: ModerationWrites,
    private readonly held: HeldRatings,
  ) {}

  async execute({ act, clusterId, reason }: ClearClusterCommand): Promise<{ counted: number }> {
    const cluster = await this.readStore.findOne<ClusterDocument>(CLUSTERS, { _id: clusterId });
    if (!cluster) throw new NotFoundError(CLUSTER_NOT_FOUND);
    await this.writes.decide(act, networkClusterDecider, networkStreamId(cluster.networkId), {
      type: 'ClearCluster',
      data: { clusterId, reason },
    });
    const userIds = cluster.accounts.map((account) => account.userId);
    const counted = await this.held.ofAccounts(
      userIds,
      { type: 'admin', id: act.adminId },
      act.correlationId,
    );
    return { counted };
  }
}
