import type { ClusterAccount } from '../../domain/post-rating/network-cluster.decider';
import type { RecordedEvent } from '../../domain/shared/event';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';

export const VOTERS = 'voters';
/** Marks kept per account: the latest ones (older networks and browsers drop off). */
export const MARKS_KEPT = 20;

/**
 * What the vote rules know of an account (`vote-standing.ts`'s `Voter`): when it registered,
 * keyed marks of the network it registered from and of the networks and browsers its sessions
 * started from and its posts were published from (`PostedFrom`), and the burst of sign-ups (cluster) it belongs to. Never an address or a cookie.
 */
export interface VoterDocument extends ReadDocument {
  registeredAt: string;
  registrationNetwork: string | null;
  /** Whether the registration's own session was seen (it names the registration network). */
  firstSessionSeen: boolean;
  networks: string[];
  browsers: string[];
  clusterId: string | null;
  clusterHeld: boolean;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function withMark(marks: string[], mark: string | null): string[] {
  if (mark === null || marks.includes(mark)) return marks;
  return [...marks, mark].slice(-MARKS_KEPT);
}

function accountIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((account) => str((account as Partial<ClusterAccount> | null)?.userId))
    .filter((id): id is string => id !== null);
}

export const votersProjection: Projection<VoterDocument> = {
  collection: VOTERS,
  handles: [
    'UserRegistered',
    'SessionStarted',
    'PostedFrom',
    'ClusterFlagged',
    'ClusterGrew',
    'ClusterCleared',
    'AccountErased',
  ],

  documentId(event: RecordedEvent) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    if (event.type === 'ClusterFlagged' || event.type === 'ClusterGrew') {
      return accountIds(data.accounts);
    }
    if (event.type === 'ClusterCleared') {
      return Array.isArray(data.userIds) ? data.userIds.filter((id) => typeof id === 'string') : [];
    }
    return str(data.userId);
  },

  apply(voter, event, id) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    switch (event.type) {
      case 'UserRegistered':
        return (
          voter ?? {
            _id: str(data.userId) ?? id ?? '',
            registeredAt: event.metadata.at,
            registrationNetwork: null,
            firstSessionSeen: false,
            networks: [],
            browsers: [],
            clusterId: null,
            clusterHeld: false,
          }
        );
      case 'SessionStarted': {
        if (!voter) return null;
        // Sealed marks of an erased account read as null: they match nothing.
        const network = str(data.networkMark);
        const browser = str(data.browserMark);
        return {
          ...voter,
          registrationNetwork: voter.firstSessionSeen ? voter.registrationNetwork : network,
          firstSessionSeen: true,
          networks: withMark(voter.networks, network),
          browsers: withMark(voter.browsers, browser),
        };
      }
      case 'PostedFrom':
        return (
          voter && {
            ...voter,
            networks: withMark(voter.networks, str(data.networkMark)),
            browsers: withMark(voter.browsers, str(data.browserMark)),
          }
        );
      case 'ClusterFlagged':
      case 'ClusterGrew':
        return voter && { ...voter, clusterId: str(data.clusterId), clusterHeld: true };
      case 'ClusterCleared':
        return voter && { ...voter, clusterHeld: false };
      case 'AccountErased':
        return null;
      default:
        return voter;
    }
  },
};
