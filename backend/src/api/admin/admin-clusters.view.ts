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
  @ApiProperty({ description: 'The network’s keyed mark and the cluster’s number on it' })
  id!: string;
  @ApiProperty({ enum: ['held', 'cleared'] }) status!: 'held' | 'cleared';
  @ApiProperty({ format: 'date-time' }) flaggedAt!: string;
  @ApiProperty({ type: [ClusterAccountResponse] }) accounts!: ClusterAccountResponse[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) clearedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The clearing admin’s id' })
  clearedBy!: string | null;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
}

export class HeldVoteResponse {
  @ApiProperty({ enum: ['rating', 'like'] }) kind!: 'rating' | 'like';
  @ApiProperty({ format: 'uuid' }) postId!: string;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'A rating’s score' })
  score!: number | null;
  @ApiProperty({ enum: HOLD_REASONS, isArray: true, description: 'Why it did not count' })
  heldOut!: HoldReason[];
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When a young account’s rating counts',
  })
  countsFrom!: string | null;
  @ApiProperty({ description: 'Whether it has come to count since' }) counted!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) countedAt!: string | null;
  @ApiProperty({ format: 'date-time' }) at!: string;
}

export class AdminClusterDetailResponse extends AdminClusterResponse {
  @ApiProperty({ type: [HeldVoteResponse] }) votes!: HeldVoteResponse[];
}

export class ClearClusterResponse extends AdminClusterDetailResponse {
  @ApiProperty({ description: 'Ratings that came to count with the clearing' }) counted!: number;
}

export class AdminClusterPage extends pageFields() {
  @ApiProperty({ type: [AdminClusterResponse] }) items!: AdminClusterResponse[];
}

export class HeldVotesResponse {
  @ApiProperty({ type: [HeldVoteResponse] }) items!: HeldVoteResponse[];
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
