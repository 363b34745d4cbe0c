import { ConflictError } from '../shared/errors';
import { deciderSpecification } from '../shared/testing/decider-specification';
import { reservationDecider, type ReservationEvent } from './reservation.decider';

const spec = deciderSpecification(reservationDecider);
const claimed = (ownerId: string): ReservationEvent => ({
  type: 'ReservationClaimed',
  data: { ownerId },
});
const released = (ownerId: string): ReservationEvent => ({
  type: 'ReservationReleased',
  data: { ownerId },
});

describe('reservation decider', () => {
  it('claims a free value', () => {
    spec
      .given()
      .when({ type: 'ClaimReservation', data: { kind: 'email', ownerId: 'u-1' } })
      .then([claimed('u-1')]);
  });

  it('refuses a value held by someone else, with a message for the kind of value', () => {
    spec
      .given(claimed('u-1'))
      .when({ type: 'ClaimReservation', data: { kind: 'email', ownerId: 'u-2' } })
      .thenThrows(ConflictError, 'An account with this email already exists');
    spec
      .given(claimed('u-1'))
      .when({ type: 'ClaimReservation', data: { kind: 'display-name', ownerId: 'u-2' } })
      .thenThrows(ConflictError, 'This display name is already taken');
  });

  it('treats a second claim by the holder as done', () => {
    spec
      .given(claimed('u-1'))
      .when({ type: 'ClaimReservation', data: { kind: 'username', ownerId: 'u-1' } })
      .thenNothing();
  });

  it('lets the holder release a value, which someone else may then claim', () => {
    spec
      .given(claimed('u-1'))
      .when({ type: 'ReleaseReservation', data: { ownerId: 'u-1' } })
      .then([released('u-1')]);
    spec
      .given(claimed('u-1'), released('u-1'))
      .when({ type: 'ClaimReservation', data: { kind: 'display-name', ownerId: 'u-2' } })
      .then([claimed('u-2')]);
  });

  it('ignores a release by someone who does not hold the value', () => {
    spec
      .given(claimed('u-1'))
      .when({ type: 'ReleaseReservation', data: { ownerId: 'u-2' } })
      .thenNothing();
  });
});
