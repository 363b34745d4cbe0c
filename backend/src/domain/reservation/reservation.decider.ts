import { assertNever, type Decider } from '../shared/decider';
import { ConflictError } from '../shared/errors';
import type { DomainEvent } from '../shared/event';

/**
 * Uniqueness across a cluster, the EventStoreDB way: one small stream per unique value
 * (`email-<keyed hash>`, `username-…`, `display-name-…`, `admin-username-…`, see AccountKeys).
 * The first claim appends with expected revision `no_stream`, so of two racing claims exactly
 * one wins; a released value is claimed again at the stream's exact revision.
 */
export type ReservationKind = 'email' | 'username' | 'display-name' | 'admin-username';

export type ReservationClaimed = DomainEvent<'ReservationClaimed', { ownerId: string }>;
export type ReservationReleased = DomainEvent<'ReservationReleased', { ownerId: string }>;
export type ReservationEvent = ReservationClaimed | ReservationReleased;

export type ReservationState = { status: 'free' } | { status: 'held'; ownerId: string };

export interface ClaimReservation {
  type: 'ClaimReservation';
  data: { kind: ReservationKind; ownerId: string };
}

export interface ReleaseReservation {
  type: 'ReleaseReservation';
  data: { ownerId: string };
}

export type ReservationCommand = ClaimReservation | ReleaseReservation;

export const RESERVATION_TAKEN: Record<ReservationKind, string> = {
  email: 'An account with this email already exists',
  username: 'This username is already taken',
  'display-name': 'This display name is already taken',
  'admin-username': 'An admin with this username already exists',
};

export const reservationDecider: Decider<ReservationCommand, ReservationState, ReservationEvent> = {
  initialState: { status: 'free' },

  decide(command, state) {
    switch (command.type) {
      case 'ClaimReservation': {
        const { kind, ownerId } = command.data;
        if (state.status === 'free') return [{ type: 'ReservationClaimed', data: { ownerId } }];
        // Claiming what one already holds is a no-op, so a retried request is harmless.
        if (state.ownerId === ownerId) return [];
        throw new ConflictError(RESERVATION_TAKEN[kind]);
      }
      case 'ReleaseReservation': {
        const { ownerId } = command.data;
        if (state.status !== 'held' || state.ownerId !== ownerId) return [];
        return [{ type: 'ReservationReleased', data: { ownerId } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'ReservationClaimed':
        return { status: 'held', ownerId: event.data.ownerId };
      case 'ReservationReleased':
        return { status: 'free' };
      default:
        return assertNever(event);
    }
  },
};
