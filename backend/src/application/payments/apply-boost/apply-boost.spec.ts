import { ForbiddenError } from '../../../domain/shared/errors';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import type { PostReads } from '../../community/post-reads';
import { given, NOW, recordedOn, writesOn } from '../testing/payments-fixture';
import { ApplyBoostCommand } from './apply-boost.command';
import { ApplyBoostHandler } from './apply-boost.handler';

describe('apply a boost', () => {
  let events: SqliteEventStore;

  const apply = (userId: string) =>
    new ApplyBoostHandler(writesOn(events), {
      oldestUnclaimedBoost: () =>
        Promise.resolve({ _id: 'b-1', boostType: 'regular', createdAt: NOW.toISOString() }),
      visiblePost: () => Promise.resolve({ _id: 'p-1', authorId: 'u-1', boostRank: 0 }),
    } as unknown as PostReads).execute(new ApplyBoostCommand(userId, 'p-1', 'corr-1'));

  beforeEach(async () => {
    events = new SqliteEventStore(':memory:');
    await given(events, 'boost-b-1', {
      type: 'BoostPurchased',
      data: {
        boostId: 'b-1',
        boostType: 'regular',
        userId: 'u-1',
        postId: null,
        amount: 199,
        currency: 'usd',
        stripeSessionId: 'cs_1',
        stripePaymentId: 'pi_1',
        receiptUrl: null,
        receiptEmail: null,
      },
    });
  });
  afterEach(() => events.close());

  it('takes the post for the oldest unused boost, then applies it for 24 hours', async () => {
    expect(await apply('u-1')).toEqual({ boostType: 'regular' });
    expect(await recordedOn(events, 'post-boost-p-1')).toEqual([
      [
        'PostBoostClaimed',
        { postId: 'p-1', boostId: 'b-1', expiresAt: '2026-03-03T10:00:00.000Z' },
      ],
    ]);
    expect((await recordedOn(events, 'boost-b-1')).map(([type]) => type)).toEqual([
      'BoostPurchased',
      'BoostApplied',
    ]);
  });

  it('refuses someone else’s post', async () => {
    await expect(apply('u-2')).rejects.toThrow(ForbiddenError);
    expect(await recordedOn(events, 'post-boost-p-1')).toEqual([]);
  });
});
