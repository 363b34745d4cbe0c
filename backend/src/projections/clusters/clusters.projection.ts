import type { ClusterAccount } from '../../domain/post-rating/network-cluster.decider';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';

export const CLUSTERS = 'clusters';

/** A burst of sign-ups from one network, as the back office lists it. */
export interface ClusterDocument extends ReadDocument {
  networkId: string;
  status: 'held' | 'cleared';
  /** 1 while held: the list shows held clusters first. */
  held: number;
  flaggedAt: string;
  accounts: ClusterAccount[];
  clearedAt: string | null;
  clearedBy: string | null;
  reason: string | null;
}

export const CLUSTERS_SORT = { held: -1, flaggedAt: -1 } as const;

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function accounts(value: unknown): ClusterAccount[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((account: Partial<ClusterAccount> | null) => {
    const userId = str(account?.userId);
    const registeredAt = str(account?.registeredAt);
    return userId && registeredAt ? [{ userId, registeredAt }] : [];
  });
}

export const clustersProjection: Projection<ClusterDocument> = {
  collection: CLUSTERS,
  handles: ['ClusterFlagged', 'ClusterGrew', 'ClusterCleared'],
  indexes: [{ keys: CLUSTERS_SORT }],

  documentId(event) {
    return str((event.data as { clusterId?: unknown } | null)?.clusterId);
  },

  apply(cluster, event, id) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    switch (event.type) {
      case 'ClusterFlagged':
        return (
          cluster ?? {
            _id: id ?? '',
            networkId: str(data.networkId) ?? '',
            status: 'held',
            held: 1,
            flaggedAt: event.metadata.at,
            accounts: accounts(data.accounts),
            clearedAt: null,
            clearedBy: null,
            reason: null,
          }
        );
      case 'ClusterGrew': {
        if (!cluster) return null;
        const known = new Set(cluster.accounts.map((account) => account.userId));
        const added = accounts(data.accounts).filter((account) => !known.has(account.userId));
        return { ...cluster, accounts: [...cluster.accounts, ...added] };
      }
      case 'ClusterCleared':
        return (
          cluster && {
            ...cluster,
            status: 'cleared',
            held: 0,
            clearedAt: event.metadata.at,
            clearedBy: event.metadata.actor?.id ?? null,
            reason: str(data.reason),
          }
        );
      default:
        return cluster;
    }
  },
};
