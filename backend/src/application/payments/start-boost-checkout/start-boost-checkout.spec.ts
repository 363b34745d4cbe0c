import { ForbiddenError } from '../../../domain/shared/errors';
import { useCase } from '../../../../test/support/use-case-specification';
import type { PostReads } from '../../community/post-reads';
import { Checkouts } from '../checkouts';
import { allowAll, gateway, NOW, site, writesIn } from '../testing/payments-fixture';
import { StartBoostCheckoutCommand } from './start-boost-checkout.command';
import { StartBoostCheckoutHandler } from './start-boost-checkout.handler';

const starting = useCase(
  (world) =>
    new StartBoostCheckoutHandler(
      new Checkouts(writesIn(world), gateway(), allowAll, site),
      {} as PostReads,
    ),
  { now: NOW },
);
const megaBoost = new StartBoostCheckoutCommand('u-1', 'mega', null, 'ip-1', 'corr-1');

describe('start a boost checkout', () => {
  it('given a member, when they start a checkout for a boost, then it opens at the server’s price and its offer is recorded as theirs', async () => {
    const start = starting.when(megaBoost);
    await start.thenAnswers({ url: 'https://pay.test/cs_test_1' });
    await start.then('checkout-cs_test_1', [
      {
        type: 'CheckoutSessionCreated',
        data: expect.objectContaining({
          sessionId: 'cs_test_1',
          kind: 'boost',
          amount: 999,
          currency: 'usd',
          userId: 'u-1',
          boostType: 'mega',
          postId: null,
        }),
        metadata: {
          actor: { type: 'user', id: 'u-1' },
          correlationId: 'corr-1',
          causationId: 'corr-1',
          at: NOW.toISOString(),
        },
      },
    ]);
  });

  it('given a payment dispute suspends the member’s boost purchases, when they start a checkout, then it is refused and nothing is recorded', async () => {
    const start = starting
      .given('payment-account-u-1', {
        type: 'BoostPurchasesSuspended',
        data: { userId: 'u-1', stripeDisputeId: 'dp_1', stripePaymentId: 'pi_1' },
      })
      .when(megaBoost);
    await start.thenThrows(ForbiddenError);
    expect((await start.outcome()).appended).toEqual([]);
  });
});
