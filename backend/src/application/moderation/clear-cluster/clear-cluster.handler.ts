import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  CLUSTER_NOT_FOUND,
  networkClusterDecider,
  networkStreamId,
} from '../../../domain/post-rating/network-cluster.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { CLUSTERS, type ClusterDocument } from '../../../projections/clusters/clusters.projection';
import { HeldRatings } from '../count-held-ratings/held-ratings';
import { by } from '../../shared/command-metadata';
import { StreamWrites } from '../../shared/stream-writes';
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
    private readonly writes: ModerationWrites,
    private readonly streams: StreamWrites,
    private readonly held: HeldRatings,
  ) {}

  async execute({ act, clusterId, reason }: ClearClusterCommand): Promise<{ counted: number }> {
    const [cluster] = await this.writes.reads.find<ClusterDocument>(CLUSTERS, { _id: clusterId });
    if (!cluster) throw new NotFoundError(CLUSTER_NOT_FOUND);
    await this.streams.decide(
      networkStreamId(cluster.networkId),
      networkClusterDecider,
      { type: 'ClearCluster', data: { clusterId, reason } },
      by.admin(act),
      { settle: true },
    );
    const userIds = cluster.accounts.map((account) => account.userId);
    const counted = await this.held.ofAccounts(
      userIds,
      { type: 'admin', id: act.adminId },
      act.correlationId,
    );
    return { counted };
  }
}
