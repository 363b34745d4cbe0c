import { ForbiddenError } from '../../../domain/shared/errors';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import type { PostReads } from '../../community/post-reads';
import { Checkouts } from '../checkouts';
import { allowAll, clock, gateway, given, recordedOn, site } from '../testing/payments-fixture';
import { StartBoostCheckoutCommand } from './start-boost-checkout.command';
import { StartBoostCheckoutHandler } from './start-boost-checkout.handler';

describe('start a boost checkout', () => {
  let events: SqliteEventStore;

  const start = () =>
    new StartBoostCheckoutHandler(
      new Checkouts(events, clock, gateway(), allowAll, site),
      {} as PostReads,
    ).execute(new StartBoostCheckoutCommand('u-1', 'mega', null, 'ip-1', 'corr-1'));

  beforeEach(() => {
    events = new SqliteEventStore(':memory:');
  });
  afterEach(() => events.close());

  it('opens a checkout at the server’s price and records its offer', async () => {
    expect(await start()).toEqual({ url: 'https://pay.test/cs_test_1' });
    const [[type, offer]] = await recordedOn(events, 'checkout-cs_test_1');
    expect(type).toBe('CheckoutSessionCreated');
    expect(offer).toMatchObject({
      sessionId: 'cs_test_1',
      kind: 'boost',
      amount: 999,
      currency: 'usd',
      userId: 'u-1',
      boostType: 'mega',
      postId: null,
    });
  });

  it('refuses while a payment dispute suspends the account’s boost purchases', async () => {
    await given(events, 'payment-account-u-1', {
      type: 'BoostPurchasesSuspended',
      data: { userId: 'u-1', stripeDisputeId: 'dp_1', stripePaymentId: 'pi_1' },
    });
    await expect(start()).rejects.toThrow(ForbiddenError);
    expect(await recordedOn(events, 'checkout-cs_test_1')).toEqual([]);
  });
});
