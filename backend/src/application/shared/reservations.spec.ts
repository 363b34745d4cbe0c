import { RESERVATION_TAKEN } from '../../domain/reservation/reservation.decider';
import { ConflictError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { claimReservation, releaseReservation, reservationHolder } from './reservations';
import { StreamWrites } from './stream-writes';
import { SPEC_NOW, useCase, type UseCaseWorld } from '../../../test/support/use-case-specification';

const STREAM = 'username-k1';
const metadata: CommandMetadata = {
  actor: { type: 'user', id: 'u-1' },
  now: new Date(SPEC_NOW),
  correlationId: 'c-1',
  causationId: 'c-1',
};
const writesOf = ({ eventStore, clock, progress }: UseCaseWorld) =>
  new StreamWrites(eventStore, clock, progress);
const claimed = (ownerId: string) => ({ type: 'ReservationClaimed', data: { ownerId } });
const released = (ownerId: string) => ({ type: 'ReservationReleased', data: { ownerId } });

describe('claim a reservation', () => {
  const claim = useCase((world) => ({
    execute: (ownerId: string) =>
      claimReservation(writesOf(world), STREAM, 'username', ownerId, metadata),
  }));

  it('claims a value nobody holds, stamped with the command metadata', () =>
    claim
      .when('u-1')
      .then(STREAM, [{ ...claimed('u-1'), metadata: { actor: metadata.actor, at: SPEC_NOW } }]));

  it('records nothing when the owner claims what it already holds (a retried request)', () =>
    claim.given(STREAM, claimed('u-1')).when('u-1').thenNothing());

  it("refuses a value someone else holds with the kind's message", () =>
    claim
      .given(STREAM, claimed('u-2'))
      .when('u-1')
      .thenThrows(ConflictError, RESERVATION_TAKEN.username));

  it('claims a released value again', () =>
    claim
      .given(STREAM, claimed('u-2'), released('u-2'))
      .when('u-1')
      .then(STREAM, [claimed('u-1')]));
});

describe('release a reservation', () => {
  const release = useCase((world) => ({
    execute: (ownerId: string) => releaseReservation(writesOf(world), STREAM, ownerId, metadata),
  }));

  it('releases a value its owner holds', () =>
    release
      .given(STREAM, claimed('u-1'))
      .when('u-1')
      .then(STREAM, [released('u-1')]));

  it('records nothing for a value someone else holds', () =>
    release.given(STREAM, claimed('u-2')).when('u-1').thenNothing());
});

describe('who holds a reservation', () => {
  const holder = useCase((world) => ({
    execute: (streamId: string) => reservationHolder(writesOf(world), streamId),
  }));

  it('answers the owner and the time of the claim', () =>
    holder
      .given(STREAM, { ...claimed('u-1'), metadata: { at: '2026-02-01T10:00:00.000Z' } })
      .when(STREAM)
      .thenAnswers({ ownerId: 'u-1', claimedAt: '2026-02-01T10:00:00.000Z' }));

  it('answers null once the value is released, or was never claimed', async () => {
    await holder.given(STREAM, claimed('u-1'), released('u-1')).when(STREAM).thenAnswers(null);
    await holder.when(STREAM).thenAnswers(null);
  });
});
