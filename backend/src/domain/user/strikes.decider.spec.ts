import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { deciderSpecification, metadataAt } from '../shared/testing/decider-specification';
import {
  FIX_WINDOW_MS,
  NOT_POSTING_SUSPENDED,
  WITHDRAWN_SUSPENSION_REASON,
  postingSuspendedMessage,
  postingSuspendedUntil,
  type StrikeCommand,
  strikesDecider,
  type StrikePolicy,
} from './strikes.decider';
import type { StrikeCause } from './strikes.events';
import type { UserEvent } from './user.events';

const DAY = 24 * 60 * 60 * 1000;
const policy: StrikePolicy = { strikes: 3, windowMs: 30 * DAY, suspensionMs: 7 * DAY };
const start = Date.parse('2026-11-01T10:00:00.000Z');
const day = (n: number) => new Date(start + n * DAY);

const spec = deciderSpecification(strikesDecider);
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u-1', email: 'a@b.test', passwordHash: 'h', anonymousUsername: 'FootFan_1' },
};
const photo = (ratingId: string): StrikeCause => ({
  kind: 'photo_refused',
  ratingId,
  reason: 'face_or_person',
});

const strike = (strikeId: string, onDay: number, cause = photo(strikeId)): StrikeCommand => ({
  type: 'RecordStrike',
  data: { userId: 'u-1', strikeId, cause, at: day(onDay).toISOString(), policy },
  metadata: metadataAt(day(onDay)),
});
const lift = (onDay: number, reason = 'The photo was a foot after all'): StrikeCommand => ({
  type: 'LiftPostingSuspension',
  data: { reason },
  metadata: metadataAt(day(onDay)),
});

/** The history after each strike in turn, with what each decided. */
function struck(...strikes: [string, number][]): UserEvent[] {
  const history: UserEvent[] = [registered];
  for (const [id, onDay] of strikes) {
    history.push(...spec.given(history).when(strike(id, onDay)).events());
  }
  return history;
}

const suspensions = (history: UserEvent[]) => history.filter((e) => e.type === 'PostingSuspended');

describe('strikes decider', () => {
  it('records a strike with its cause', () => {
    spec
      .given(registered)
      .when(strike('photo:r-1', 0))
      .then([
        {
          type: 'StrikeRecorded',
          data: {
            userId: 'u-1',
            strikeId: 'photo:r-1',
            cause: photo('photo:r-1'),
            at: day(0).toISOString(),
          },
        },
      ]);
  });

  it('records the same offence once (a replay, or a second upheld report of one post)', () => {
    spec
      .given(struck(['report:p-1', 0]))
      .when(strike('report:p-1', 1))
      .thenNothing();
  });

  it('strikes nobody on an account that is gone or never was', () => {
    spec.given().when(strike('photo:r-1', 0)).thenNothing();
    const erased: UserEvent = {
      type: 'AccountErased',
      data: { userId: 'u-1', tokenHashes: [], archivedWeeks: [] },
    };
    spec.given(registered, erased).when(strike('photo:r-1', 0)).thenNothing();
  });

  it('suspends posting for 7 days at the third strike within 30 days', () => {
    const history = struck(['a', 0], ['b', 10]);
    expect(suspensions(history)).toEqual([]);
    const third = spec.given(history).when(strike('c', 29)).events();
    expect(third[1]).toEqual({
      type: 'PostingSuspended',
      data: {
        userId: 'u-1',
        from: day(29).toISOString(),
        until: day(36).toISOString(),
        strikeIds: ['a', 'b', 'c'],
      },
    });
  });

  it('does not count a strike older than 30 days', () => {
    const history = struck(['a', 0], ['b', 10], ['c', 30]);
    expect(suspensions(history)).toEqual([]);
    expect(suspensions(struck(['a', 0], ['b', 10], ['c', 30], ['d', 31]))).toHaveLength(1);
  });

  it('ends the suspension by itself after 7 days', () => {
    const state = spec.given(struck(['a', 0], ['b', 1], ['c', 2])).state();
    expect(postingSuspendedUntil(state, day(8.99))).toBe(day(9).toISOString());
    expect(postingSuspendedUntil(state, day(9))).toBeNull();
  });

  it('needs three new strikes for the next suspension: the spent ones do not count again', () => {
    const history = struck(['a', 0], ['b', 1], ['c', 2], ['d', 12], ['e', 13]);
    expect(suspensions(history)).toHaveLength(1);
    expect(
      suspensions(struck(['a', 0], ['b', 1], ['c', 2], ['d', 12], ['e', 13], ['f', 14])),
    ).toHaveLength(2);
  });

  it('lengthens a running suspension from its end when another set of strikes completes', () => {
    const history = struck(['a', 0], ['b', 0], ['c', 0], ['d', 1], ['e', 1], ['f', 1]);
    expect(suspensions(history).map((e) => e.data)).toEqual([
      expect.objectContaining({ until: day(7).toISOString() }),
      expect.objectContaining({ from: day(7).toISOString(), until: day(14).toISOString() }),
    ]);
  });

  it('lets an admin lift a running suspension, with a reason', () => {
    const history = struck(['a', 0], ['b', 1], ['c', 2]);
    spec
      .given(history)
      .when(lift(3))
      .then([
        {
          type: 'PostingSuspensionLifted',
          data: {
            userId: 'u-1',
            reason: 'The photo was a foot after all',
            until: day(9).toISOString(),
          },
        },
      ]);
    const lifted = [...history, ...spec.given(history).when(lift(3)).events()];
    expect(postingSuspendedUntil(spec.given(lifted).state(), day(3))).toBeNull();
  });

  it('refuses a lift without a reason, of an account not suspended, or of no account', () => {
    const history = struck(['a', 0], ['b', 1], ['c', 2]);
    spec.given(history).when(lift(3, '  ')).thenThrows(ValidationError);
    spec.given(history).when(lift(9)).thenThrows(ConflictError, NOT_POSTING_SUSPENDED);
    spec.given(registered).when(lift(3)).thenThrows(ConflictError, NOT_POSTING_SUSPENDED);
    spec.given().when(lift(3)).thenThrows(NotFoundError);
  });

  it('replays to the same state (a fold is pure)', () => {
    const history = struck(['a', 0], ['b', 1], ['c', 2], ['d', 3]);
    expect(spec.given(history).state()).toEqual(spec.given(history).state());
    expect(spec.given(history).state()).toMatchObject({
      strikes: [
        { strikeId: 'a', spent: true },
        { strikeId: 'b', spent: true },
        { strikeId: 'c', spent: true },
        { strikeId: 'd', spent: false },
      ],
    });
  });

  it('says until when, in words', () => {
    expect(postingSuspendedMessage('2026-11-30T14:05:00.000Z')).toContain(
      'You can post again on 30 November 2026 at 14:05 UTC.',
    );
  });

  describe('a refused photo fixed at once', () => {
    const MINUTE = 60 * 1000;
    const fix = (ratingId: string, at: Date): StrikeCommand => ({
      type: 'WithdrawFixedStrike',
      data: { userId: 'u-1', ratingId, passedAt: at.toISOString() },
      metadata: metadataAt(at),
    });
    const withdrawn = (strikeId: string, byRatingId: string, restored: string[] = []) => ({
      type: 'StrikeWithdrawn' as const,
      data: { userId: 'u-1', strikeId, reason: 'fixed_at_once' as const, byRatingId, restored },
    });

    it('withdraws the latest photo strike when an upload passes within 10 minutes', () => {
      const history = struck(['photo:r-1', 0], ['photo:r-2', 0]);
      spec
        .given(history)
        .when(fix('r-3', new Date(day(0).getTime() + 9 * MINUTE)))
        .then([withdrawn('photo:r-2', 'r-3')]);
    });

    it('withdraws nothing after 10 minutes, nor a strike for a comment or a report', () => {
      const late = new Date(day(0).getTime() + FIX_WINDOW_MS + MINUTE);
      spec
        .given(struck(['photo:r-1', 0]))
        .when(fix('r-3', late))
        .then([]);
      spec
        .given(
          registered,
          ...spec
            .given(registered)
            .when(
              strike('comment:c-1', 0, {
                kind: 'comment_refused',
                postId: 'p-1',
                commentId: 'c-1',
                reason: 'offensive',
              }),
            )
            .events(),
        )
        .when(fix('r-3', new Date(day(0).getTime() + MINUTE)))
        .then([]);
    });

    it('does not count a withdrawn strike towards a suspension', () => {
      const history = struck(['photo:r-1', 0], ['photo:r-2', 1]);
      history.push(withdrawn('photo:r-2', 'r-3'));
      spec
        .given(history)
        .when(strike('photo:r-4', 2))
        .then([expect.objectContaining({ type: 'StrikeRecorded' }) as unknown as UserEvent]);
    });

    it('lifts the suspension the fixed refusal completed, and the strikes it spent count again', () => {
      const history = struck(['photo:r-1', 0], ['photo:r-2', 1], ['photo:r-3', 2]);
      const until = new Date(day(2).getTime() + policy.suspensionMs).toISOString();
      spec
        .given(history)
        .when(fix('r-4', new Date(day(2).getTime() + MINUTE)))
        .then([
          withdrawn('photo:r-3', 'r-4', ['photo:r-1', 'photo:r-2']),
          {
            type: 'PostingSuspensionLifted',
            data: { userId: 'u-1', reason: WITHDRAWN_SUSPENSION_REASON, until },
          },
        ]);
    });
  });
});
