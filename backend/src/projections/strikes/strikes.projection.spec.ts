import type { Actor } from '../../domain/shared/event';
import { projectionSpecification, recordedBy } from '../testing/projection-specification';
import { strikesProjection } from './strikes.projection';

const SYSTEM: Actor = { type: 'system', id: 'strikes' };
const ADMIN: Actor = { type: 'admin', id: 'a-1' };
const spec = projectionSpecification(strikesProjection);

const strike = (strikeId: string) =>
  recordedBy(
    'StrikeRecorded',
    {
      userId: 'u-1',
      strikeId,
      cause: { kind: 'report_upheld', postId: 'p-1', reportId: 'r-1' },
      at: '2026-11-01T00:00:00.000Z',
    },
    SYSTEM,
  );
const suspended = recordedBy(
  'PostingSuspended',
  {
    userId: 'u-1',
    from: '2026-11-02T00:00:00.000Z',
    until: '2026-11-09T00:00:00.000Z',
    strikeIds: ['a', 'b', 'c'],
  },
  SYSTEM,
);

describe('strikes projection', () => {
  it('lists strikes once each, and the suspension with its end', () => {
    spec
      .given(strike('a'), strike('a'), strike('b'), strike('c'), suspended)
      .of('u-1')
      .thenMatches({
        strikes: [
          expect.objectContaining({ strikeId: 'a' }),
          expect.objectContaining({ strikeId: 'b' }),
          expect.objectContaining({ strikeId: 'c' }),
        ],
        suspensions: [expect.objectContaining({ until: '2026-11-09T00:00:00.000Z', lifted: null })],
        suspendedUntil: '2026-11-09T00:00:00.000Z',
      });
  });

  it('records who lifted a suspension and why, and the account may post again', () => {
    const lifted = recordedBy(
      'PostingSuspensionLifted',
      { userId: 'u-1', reason: 'Appeal accepted', until: '2026-11-09T00:00:00.000Z' },
      ADMIN,
    );
    spec
      .given(strike('a'), suspended, lifted)
      .of('u-1')
      .thenMatches({
        suspensions: [
          expect.objectContaining({
            lifted: expect.objectContaining({ by: 'a-1', reason: 'Appeal accepted' }),
          }),
        ],
        suspendedUntil: null,
      });
  });

  it('forgets an erased account', () => {
    const erased = recordedBy(
      'AccountErased',
      { userId: 'u-1', tokenHashes: [], archivedWeeks: [] },
      SYSTEM,
    );
    spec.given(strike('a'), erased).of('u-1').thenGone();
  });

  it('marks a withdrawn strike with its time, and the strikes it gave back as counting again', () => {
    const withdrawn = recordedBy(
      'StrikeWithdrawn',
      {
        userId: 'u-1',
        strikeId: 'c',
        reason: 'fixed_at_once',
        byRatingId: 'r-9',
        restored: ['a', 'b'],
      },
      SYSTEM,
      '2026-11-02T00:05:00.000Z',
    );
    spec
      .given(strike('a'), strike('b'), strike('c'), suspended, withdrawn)
      .of('u-1')
      .thenMatches({
        strikes: [
          expect.objectContaining({ strikeId: 'a', spent: false, withdrawnAt: null }),
          expect.objectContaining({ strikeId: 'b', spent: false, withdrawnAt: null }),
          expect.objectContaining({
            strikeId: 'c',
            spent: true,
            withdrawnAt: '2026-11-02T00:05:00.000Z',
          }),
        ],
      });
  });
});
