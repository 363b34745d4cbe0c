import { useCase } from '../../../../test/support/use-case-specification';
import { RateLimitedError, type RateLimiter } from '../../ports/rate-limiter.port';
import { Checkouts } from '../checkouts';
import { allowAll, gateway, NOW, site, writesIn } from '../testing/payments-fixture';
import { StartDonationCheckoutCommand } from './start-donation-checkout.command';
import { StartDonationCheckoutHandler } from './start-donation-checkout.handler';

const starting = (limiter: RateLimiter = allowAll) =>
  useCase(
    (world) =>
      new StartDonationCheckoutHandler(new Checkouts(writesIn(world), gateway(), limiter, site)),
    { now: NOW },
  );
const visitorsDonation = new StartDonationCheckoutCommand(500, null, 'ip-1', 'corr-1');

describe('start a donation checkout', () => {
  it('given a visitor, when they start a donation checkout, then it opens and its offer is recorded as the visitor’s', () =>
    starting()
      .when(visitorsDonation)
      .then('checkout-cs_test_1', [
        {
          type: 'CheckoutSessionCreated',
          data: expect.objectContaining({
            kind: 'donation',
            amount: 500,
            userId: null,
            boostId: null,
          }),
          metadata: {
            actor: { type: 'visitor', id: 'ip-1' },
            correlationId: 'corr-1',
            causationId: 'corr-1',
            at: NOW.toISOString(),
          },
        },
      ]));

  it('given a member, when they donate, then the offer is recorded as theirs', () =>
    starting()
      .when(new StartDonationCheckoutCommand(500, 'u-1', 'ip-1', 'corr-1'))
      .then('checkout-cs_test_1', [
        {
          type: 'CheckoutSessionCreated',
          data: expect.objectContaining({ kind: 'donation', userId: 'u-1' }),
          metadata: { actor: { type: 'user', id: 'u-1' } },
        },
      ]));

  it('given the address has used its hourly checkouts, when it starts one, then it is refused and nothing is opened', async () => {
    const spent: RateLimiter = {
      count: () =>
        Promise.resolve({
          allowed: false,
          retryAfterMs: 60_000,
          giveBack: () => Promise.resolve(),
        }),
    };
    const start = starting(spent).when(visitorsDonation);
    await start.thenThrows(RateLimitedError);
    expect((await start.outcome()).appended).toEqual([]);
  });
});
