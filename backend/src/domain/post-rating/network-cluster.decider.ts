import { assertNever, type Decider } from '../shared/decider';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { CommandMetadata, DomainEvent } from '../shared/event';

/**
 * The sign-ups of one network (`network-<mark>`, the mark a keyed hash of an IPv4 /24 or an IPv6
 * /56 by default), decided on one stream so that a burst is seen whatever instance took each sign-up. More
 * than `limit` accounts registered within a day, not counting those an admin already cleared,
 * form a cluster: its accounts' ratings are held out of averages until an admin clears it.
 */
export const CLUSTER_WINDOW_MS = 24 * 60 * 60 * 1000;
export const CLUSTER_NOT_FOUND = 'Cluster not found';
export const CLEAR_REASON_REQUIRED = 'Please give a reason for clearing this cluster';

export interface ClusterAccount {
  userId: string;
  registeredAt: string;
}

export type AccountRegisteredOnNetwork = DomainEvent<
  'AccountRegisteredOnNetwork',
  { networkId: string; userId: string; registeredAt: string }
>;
export type ClusterFlagged = DomainEvent<
  'ClusterFlagged',
  { networkId: string; clusterId: string; accounts: ClusterAccount[] }
>;
/** Another account of the same burst joins a cluster still held. */
export type ClusterGrew = DomainEvent<
  'ClusterGrew',
  { networkId: string; clusterId: string; accounts: ClusterAccount[] }
>;
export type ClusterCleared = DomainEvent<
  'ClusterCleared',
  { networkId: string; clusterId: string; userIds: string[]; reason: string }
>;
export type NetworkEvent =
  AccountRegisteredOnNetwork | ClusterFlagged | ClusterGrew | ClusterCleared;

export interface RecordNetworkRegistration {
  type: 'RecordNetworkRegistration';
  data: { networkId: string; userId: string; limit: number };
  metadata: CommandMetadata;
}

export interface ClearCluster {
  type: 'ClearCluster';
  data: { clusterId: string; reason: string };
}

export type NetworkCommand = RecordNetworkRegistration | ClearCluster;

interface Cluster {
  clusterId: string;
  userIds: string[];
  cleared: boolean;
}

export interface NetworkState {
  /** Sign-ups of the last day before the latest one (older ones can join no burst). */
  recent: ClusterAccount[];
  clusters: Cluster[];
}

export function networkStreamId(networkId: string): string {
  return `network-${networkId}`;
}

export const networkClusterDecider: Decider<NetworkCommand, NetworkState, NetworkEvent> = {
  initialState: { recent: [], clusters: [] },

  decide(command, state) {
    switch (command.type) {
      case 'RecordNetworkRegistration': {
        const { networkId, userId, limit } = command.data;
        if (state.recent.some((account) => account.userId === userId)) return [];
        const registeredAt = command.metadata.now.toISOString();
        const joined: AccountRegisteredOnNetwork = {
          type: 'AccountRegisteredOnNetwork',
          data: { networkId, userId, registeredAt },
        };
        const since = new Date(command.metadata.now.getTime() - CLUSTER_WINDOW_MS).toISOString();
        const cleared = new Set(
          state.clusters.filter((c) => c.cleared).flatMap((cluster) => cluster.userIds),
        );
        const burst = [...state.recent, { userId, registeredAt }].filter(
          (account) => account.registeredAt > since && !cleared.has(account.userId),
        );
        if (burst.length <= limit) return [joined];
        const held = state.clusters.find((cluster) => !cluster.cleared);
        if (!held) {
          const clusterId = `${networkId}-${state.clusters.length + 1}`;
          return [
            joined,
            { type: 'ClusterFlagged', data: { networkId, clusterId, accounts: burst } },
          ];
        }
        const accounts = burst.filter((account) => !held.userIds.includes(account.userId));
        const { clusterId } = held;
        return [joined, { type: 'ClusterGrew', data: { networkId, clusterId, accounts } }];
      }
      case 'ClearCluster': {
        const reason = command.data.reason.trim();
        if (reason.length === 0) throw new ValidationError(CLEAR_REASON_REQUIRED);
        const cluster = state.clusters.find((c) => c.clusterId === command.data.clusterId);
        if (!cluster) throw new NotFoundError(CLUSTER_NOT_FOUND);
        if (cluster.cleared) return [];
        const networkId = cluster.clusterId.slice(0, cluster.clusterId.lastIndexOf('-'));
        return [
          {
            type: 'ClusterCleared',
            data: { networkId, clusterId: cluster.clusterId, userIds: cluster.userIds, reason },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'AccountRegisteredOnNetwork': {
        const { userId, registeredAt } = event.data;
        const since = new Date(Date.parse(registeredAt) - CLUSTER_WINDOW_MS).toISOString();
        const recent = state.recent.filter((account) => account.registeredAt > since);
        return { ...state, recent: [...recent, { userId, registeredAt }] };
      }
      case 'ClusterFlagged':
      case 'ClusterGrew': {
        const userIds = event.data.accounts.map((account) => account.userId);
        const found = state.clusters.some((c) => c.clusterId === event.data.clusterId);
        const clusters = found
          ? state.clusters.map((c) =>
              c.clusterId === event.data.clusterId
                ? { ...c, userIds: [...c.userIds, ...userIds] }
                : c,
            )
          : [...state.clusters, { clusterId: event.data.clusterId, userIds, cleared: false }];
        return { ...state, clusters };
      }
      case 'ClusterCleared':
        return {
          ...state,
          clusters: state.clusters.map((c) =>
            c.clusterId === event.data.clusterId ? { ...c, cleared: true } : c,
          ),
        };
      default:
        return assertNever(event);
    }
  },
};
