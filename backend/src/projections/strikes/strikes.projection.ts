import type { RecordedEvent } from '../../domain/shared/event';
import type {
  PostingSuspended,
  PostingSuspensionLifted,
  StrikeCause,
  StrikeRecorded,
  StrikeWithdrawn,
} from '../../domain/user/strikes.events';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';

export const USER_STRIKES = 'user_strikes';

export interface StrikeEntry {
  strikeId: string;
  cause: StrikeCause;
  at: string;
  /** Counted into a suspension (absent on entries projected before it was kept). */
  spent?: boolean;
  /** When it stopped counting: the refused photo was fixed at once (`StrikeWithdrawn`). */
  withdrawnAt?: string | null;
}

/** Whether the strike was spent on a suspension (older entries: named by one). */
export function strikeSpent(entry: StrikeEntry, document: StrikesDocument): boolean {
  return entry.spent ?? document.suspensions.some((s) => s.strikeIds.includes(entry.strikeId));
}

export interface SuspensionEntry {
  from: string;
  until: string;
  strikeIds: string[];
  /** Set when an admin ended it early. */
  lifted: { at: string; by: string | null; reason: string } | null;
}

/** An account's strikes and posting suspensions, oldest first (the admin's user page). */
export interface StrikesDocument extends ReadDocument {
  strikes: StrikeEntry[];
  suspensions: SuspensionEntry[];
  /** The end of the last suspension not lifted (it may be past): what a write checks. */
  suspendedUntil: string | null;
}

type Handled =
  | RecordedEvent<'StrikeRecorded', StrikeRecorded['data']>
  | RecordedEvent<'PostingSuspended', PostingSuspended['data']>
  | RecordedEvent<'PostingSuspensionLifted', PostingSuspensionLifted['data']>
  | RecordedEvent<'StrikeWithdrawn', StrikeWithdrawn['data']>
  | RecordedEvent<'AccountErased', { userId: string }>;

const empty = (userId: string): StrikesDocument => ({
  _id: userId,
  strikes: [],
  suspensions: [],
  suspendedUntil: null,
});

export const strikesProjection: Projection<StrikesDocument> = {
  collection: USER_STRIKES,
  handles: [
    'StrikeRecorded',
    'PostingSuspended',
    'PostingSuspensionLifted',
    'StrikeWithdrawn',
    'AccountErased',
  ],

  documentId(recorded) {
    const userId = (recorded.data as { userId?: unknown } | null)?.userId;
    return typeof userId === 'string' ? userId : null;
  },

  apply(document, recorded) {
    const event = recorded as Handled;
    if (event.type === 'AccountErased') return null;
    const current = document ?? empty(event.data.userId);
    switch (event.type) {
      case 'StrikeRecorded': {
        const { strikeId, cause, at } = event.data;
        if (current.strikes.some((s) => s.strikeId === strikeId)) return current;
        const entry = { strikeId, cause, at, spent: false, withdrawnAt: null };
        return { ...current, strikes: [...current.strikes, entry] };
      }
      case 'PostingSuspended': {
        const { from, until } = event.data;
        const strikeIds = Array.isArray(event.data.strikeIds) ? event.data.strikeIds : [];
        const spent = new Set(strikeIds);
        return {
          ...current,
          strikes: current.strikes.map((s) => (spent.has(s.strikeId) ? { ...s, spent: true } : s)),
          suspensions: [...current.suspensions, { from, until, strikeIds, lifted: null }],
          suspendedUntil: until,
        };
      }
      case 'PostingSuspensionLifted': {
        const lifted = {
          at: recorded.metadata.at,
          by: recorded.metadata.actor?.id ?? null,
          reason: event.data.reason,
        };
        return {
          ...current,
          suspensions: current.suspensions.map((s) =>
            s.lifted === null && s.until === event.data.until ? { ...s, lifted } : s,
          ),
          suspendedUntil: null,
        };
      }
      case 'StrikeWithdrawn': {
        const { strikeId } = event.data;
        const restored = new Set(Array.isArray(event.data.restored) ? event.data.restored : []);
        return {
          ...current,
          strikes: current.strikes.map((s) => {
            if (s.strikeId === strikeId) return { ...s, withdrawnAt: recorded.metadata.at };
            return restored.has(s.strikeId) ? { ...s, spent: false } : s;
          }),
        };
      }
      default:
        return current;
    }
  },
};
