import {
  reservationDecider,
  type ReservationKind,
} from '../../domain/reservation/reservation.decider';
import type { CommandMetadata } from '../../domain/shared/event';
import type { EventStore } from '../ports/event-store.port';
import { type Decided, runDecider } from './decider-runner';

/** Who holds a unique value, and since when; null when nobody does. */
export interface Holder {
  ownerId: string;
  claimedAt: string;
}

/** Claims the value in its reservation stream, or throws the kind's ConflictError. */
export function claimReservation(
  eventStore: EventStore,
  streamId: string,
  kind: ReservationKind,
  ownerId: string,
  metadata: CommandMetadata,
): Promise<Decided<{ type: string; data: unknown }>> {
  return runDecider(
    eventStore,
    reservationDecider,
    streamId,
    { type: 'ClaimReservation', data: { kind, ownerId } },
    metadata,
  );
}

export function releaseReservation(
  eventStore: EventStore,
  streamId: string,
  ownerId: string,
  metadata: CommandMetadata,
): Promise<Decided<{ type: string; data: unknown }>> {
  return runDecider(
    eventStore,
    reservationDecider,
    streamId,
    { type: 'ReleaseReservation', data: { ownerId } },
    metadata,
  );
}

export async function reservationHolder(
  eventStore: EventStore,
  streamId: string,
): Promise<Holder | null> {
  let holder: Holder | null = null;
  for (const event of await eventStore.readStream(streamId)) {
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
