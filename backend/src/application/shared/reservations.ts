import {
  reservationDecider,
  type ReservationKind,
} from '../../domain/reservation/reservation.decider';
import type { By } from './command-metadata';
import type { Decided } from './decider-runner';
import type { StreamWrites } from './stream-writes';

/** Who holds a unique value, and since when; null when nobody does. */
export interface Holder {
  ownerId: string;
  claimedAt: string;
}

/** Claims the value in its reservation stream, or throws the kind's ConflictError. */
export function claimReservation(
  writes: StreamWrites,
  streamId: string,
  kind: ReservationKind,
  ownerId: string,
  decidedBy: By,
): Promise<Decided<{ type: string; data: unknown }>> {
  const claim = { type: 'ClaimReservation' as const, data: { kind, ownerId } };
  return writes.decide(streamId, reservationDecider, claim, decidedBy);
}

export function releaseReservation(
  writes: StreamWrites,
  streamId: string,
  ownerId: string,
  decidedBy: By,
): Promise<Decided<{ type: string; data: unknown }>> {
  const release = { type: 'ReleaseReservation' as const, data: { ownerId } };
  return writes.decide(streamId, reservationDecider, release, decidedBy);
}

export async function reservationHolder(
  writes: Pick<StreamWrites, 'streamEvents'>,
  streamId: string,
): Promise<Holder | null> {
  let holder: Holder | null = null;
  for (const event of await writes.streamEvents(streamId)) {
    if (event.type === 'ReservationClaimed') {
      holder = {
        ownerId: (event.data as { ownerId: string }).ownerId,
        claimedAt: event.metadata.at,
      };
    } else if (event.type === 'ReservationReleased') {
      holder = null;
    }
  }
  return holder;
}
