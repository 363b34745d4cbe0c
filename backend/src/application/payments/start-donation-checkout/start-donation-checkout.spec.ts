import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { RateLimitedError, type RateLimiter } from '../../ports/rate-limiter.port';
import { Checkouts } from '../checkouts';
import { allowAll, clock, gateway, recordedOn, site } from '../testing/payments-fixture';
import { StartDonationCheckoutCommand } from './start-donation-checkout.command';
import { StartDonationCheckoutHandler } from './start-donation-checkout.handler';

describe('start a donation checkout', () => {
  let events: SqliteEventStore;

  const start = (limiter: RateLimiter = allowAll) =>
    new StartDonationCheckoutHandler(
      new Checkouts(events, clock, gateway(), limiter, site),
    ).execute(new StartDonationCheckoutCommand(500, null, 'ip-1', 'corr-1'));

  beforeEach(() => {
    events = new SqliteEventStore(':memory:');
  });
  afterEach(() => events.close());

  it('opens a checkout for a visitor’s donation and records its offer', async () => {
    await start();
    const recorded = await events.readStream('checkout-cs_test_1');
    expect(recorded.map((e) => [e.type, e.data])).toEqual([
      [
        'CheckoutSessionCreated',
        expect.objectContaining({ kind: 'donation', amount: 500, userId: null, boostId: null }),
      ],
    ]);
    expect(recorded[0].metadata.actor).toEqual({ type: 'visitor', id: 'ip-1' });
  });

  it('refuses past the hourly checkouts of the address, opening nothing', async () => {
    const spent: RateLimiter = {
      count: () =>
        Promise.resolve({
          allowed: false,
          retryAfterMs: 60_000,
          giveBack: () => Promise.resolve(),
        }),
    };
    await expect(start(spent)).rejects.toThrow(RateLimitedError);
    expect(await recordedOn(events, 'checkout-cs_test_1')).toEqual([]);
  });
});
