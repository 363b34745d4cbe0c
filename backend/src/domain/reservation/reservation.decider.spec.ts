import { fold } from '../shared/decider';
import { ConflictError } from '../shared/errors';
import { reservationDecider as decider, type ReservationEvent } from './reservation.decider';

const given = (...events: ReservationEvent[]) => fold(decider, events);
const claimed = (ownerId: string): ReservationEvent => ({
  type: 'ReservationClaimed',
  data: { ownerId },
});

describe('reservation decider', () => {
  it('claims a free value', () => {
    expect(
      decider.decide(
        { type: 'ClaimReservation', data: { kind: 'email', ownerId: 'u-1' } },
        given(),
      ),
    ).toEqual([claimed('u-1')]);
  });

  it('refuses a value held by someone else, with a message for the kind of value', () => {
    expect(() =>
      decider.decide(
        { type: 'ClaimReservation', data: { kind: 'email', ownerId: 'u-2' } },
        given(claimed('u-1')),
      ),
    ).toThrow(new ConflictError('An account with this email already exists'));
    expect(() =>
      decider.decide(
        { type: 'ClaimReservation', data: { kind: 'display-name', ownerId: 'u-2' } },
        given(claimed('u-1')),
      ),
    ).toThrow('This display name is already taken');
  });

  it('treats a second claim by the holder as done', () => {
    expect(
      decider.decide(
        { type: 'ClaimReservation', data: { kind: 'username', ownerId: 'u-1' } },
        given(claimed('u-1')),
      ),
    ).toEqual([]);
  });

  it('lets the holder release a value, which someone else may then claim', () => {
    const released = decider.decide(
      { type: 'ReleaseReservation', data: { ownerId: 'u-1' } },
      given(claimed('u-1')),
    );
    expect(released).toEqual([{ type: 'ReservationReleased', data: { ownerId: 'u-1' } }]);
    expect(
      decider.decide(
        { type: 'ClaimReservation', data: { kind: 'display-name', ownerId: 'u-2' } },
        given(claimed('u-1'), ...released),
      ),
    ).toEqual([claimed('u-2')]);
  });

  it('ignores a release by someone who does not hold the value', () => {
    expect(
      decider.decide(
        { type: 'ReleaseReservation', data: { ownerId: 'u-2' } },
        given(claimed('u-1')),
      ),
    ).toEqual([]);
  });
});
