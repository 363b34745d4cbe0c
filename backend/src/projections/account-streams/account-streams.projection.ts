import type { RecordedEvent } from '../../domain/shared/event';
import type { Projection } from '../projection';
import type { ReadDocument } from '../read-model';

export const ACCOUNT_STREAMS = 'account-streams';

/**
 * A stream outside the account's own (`user-<id>`) that holds what the account did: a like's
 * (`like-…`), a vote's (`vote-…`), a report's (`report-…`), a boost it bought (`boost-…`), a
 * donation's checkout (`checkout-…`). One document per stream, named like it, found by account
 * through its index: the export of an account reads its own streams, never the whole log.
 */
export interface AccountStreamDocument extends ReadDocument {
  userId: string;
  /** When the account first acted in the stream: the export reads them in this order. */
  since: string;
}

/** The events by which an account enters a stream of someone else's aggregate. */
export const ACCOUNT_ACTIVITY = [
  'Liked',
  'Rated',
  'PostReported',
  'BoostPurchased',
  'DonationReceived',
] as const;

function actingUser(event: RecordedEvent): string | null {
  const userId = (event.data as { userId?: unknown } | null)?.userId;
  return typeof userId === 'string' && userId !== '' ? userId : null;
}

export const accountStreamsProjection: Projection<AccountStreamDocument> = {
  collection: ACCOUNT_STREAMS,
  handles: ACCOUNT_ACTIVITY,
  createdWithStream: ACCOUNT_ACTIVITY,
  indexes: [{ keys: { userId: 1, since: 1 }, grouped: true }],

  documentId(event) {
    // A visitor's donation names no account.
    return actingUser(event) === null ? null : event.streamId;
  },

  apply(stream, event) {
    if (stream) return stream;
    const userId = actingUser(event);
    return userId === null ? null : { _id: event.streamId, userId, since: event.metadata.at };
  },
};
