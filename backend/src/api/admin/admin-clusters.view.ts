import { ApiProperty } from '@nestjs/swagger';
import type { ClusterDetail } from '../../application/moderation/get-cluster/get-cluster.query';
import type { HoldReason } from '../../domain/post-rating/vote-standing';
import type { ClusterDocument } from '../../projections/clusters/clusters.projection';
import type { HeldVoteDocument } from '../../projections/held-votes/held-votes.projection';
import { pageFields } from './admin-shared.view';

const HOLD_REASONS: HoldReason[] = ['same-network', 'same-browser', 'cluster', 'young-account'];

export class ClusterAccountResponse {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ format: 'date-time' }) registeredAt!: string;
}

export class AdminClusterResponse {
  /** The network’s keyed mark and the cluster’s number on it */
  id!: string;
  status!: 'held' | 'cleared';
  @ApiProperty({ format: 'date-time' }) flaggedAt!: string;
  accounts!: ClusterAccountResponse[];
  @ApiProperty({ type: String, format: 'date-time' }) clearedAt!: string | null;
  /** The clearing admin’s id */
  clearedBy!: string | null;
  reason!: string | null;
}

export class HeldVoteResponse {
  kind!: 'rating' | 'like';
  @ApiProperty({ format: 'uuid' }) postId!: string;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  /** A rating’s score */
  score!: number | null;
  /** Why it did not count */
  @ApiProperty({ enum: HOLD_REASONS, isArray: true })
  heldOut!: HoldReason[];
  /** When a young account’s rating counts */
  @ApiProperty({ type: String, format: 'date-time' })
  countsFrom!: string | null;
  /** Whether it has come to count since */
  counted!: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) countedAt!: string | null;
  @ApiProperty({ format: 'date-time' }) at!: string;
}

export class AdminClusterDetailResponse extends AdminClusterResponse {
  votes!: HeldVoteResponse[];
}

export class ClearClusterResponse extends AdminClusterDetailResponse {
  /** Ratings that came to count with the clearing */
  counted!: number;
}

export class AdminClusterPage extends pageFields() {
  items!: AdminClusterResponse[];
}

export class HeldVotesResponse {
  items!: HeldVoteResponse[];
}

export function toAdminCluster(cluster: ClusterDocument): AdminClusterResponse {
  return {
    id: cluster._id,
    status: cluster.status,
    flaggedAt: cluster.flaggedAt,
    accounts: cluster.accounts.map(({ userId, registeredAt }) => ({ userId, registeredAt })),
    clearedAt: cluster.clearedAt,
    clearedBy: cluster.clearedBy,
    reason: cluster.reason,
  };
}

export function toHeldVote(vote: HeldVoteDocument): HeldVoteResponse {
  const { kind, postId, userId, score, heldOut, countsFrom, counted, countedAt, at } = vote;
  return { kind, postId, userId, score, heldOut, countsFrom, counted, countedAt, at };
}

export function toClusterDetail({ cluster, votes }: ClusterDetail): AdminClusterDetailResponse {
  return { ...toAdminCluster(cluster), votes: votes.map(toHeldVote) };
}
