import { NotFoundError } from '../../../domain/shared/errors';
import { useCase } from '../../../../test/support/use-case-specification';
import type { CheckoutSession } from '../../ports/payments.port';
import {
  boostOffer,
  gateway,
  NOW,
  noticesWith,
  paymentFacts,
  session,
  writesIn,
} from '../testing/payments-fixture';
import { ConfirmCheckoutCommand } from './confirm-checkout.command';
import { ConfirmCheckoutHandler } from './confirm-checkout.handler';

const checkoutStream = 'checkout-cs_test_1';
const created = { type: 'CheckoutSessionCreated', data: boostOffer };
/** What the provider said about the paid session, as the log records it. */
const confirmed = (receiptUrl: string | null = null) => ({
  type: 'CheckoutPaymentConfirmed',
  data: {
    sessionId: 'cs_test_1',
    userId: 'u-1',
    offer: boostOffer,
    payment: { ...paymentFacts, receiptUrl },
    receiptEmail: 'ann@example.com',
  },
});
const paidAnswer = {
  status: 'paid',
  kind: 'boost',
  boostType: 'regular',
  postId: null,
  amount: 199,
  receiptUrl: null,
  appliedToPost: null,
};
const returning = new ConfirmCheckoutCommand('cs_test_1', 'corr-1');

/**
 * The return page, the provider knowing the sessions given; answers the confirmation, how often
 * the provider was asked, the fulfilments waited for and where the log's answer is.
 */
const confirming = (known: CheckoutSession[] = [session({ email: 'ann@example.com' })]) =>
  useCase(
    (world) => {
      const provider = gateway(known);
      const retrieve = provider.retrieveCheckoutSession.bind(provider);
      let asked = 0;
      provider.retrieveCheckoutSession = (id) => {
        asked += 1;
        return retrieve(id);
      };
      const awaited: (bigint | null)[] = [];
      const writes = writesIn(world);
      const handler = new ConfirmCheckoutHandler(noticesWith(writes, provider, awaited), writes);
      return {
        execute: async (command: ConfirmCheckoutCommand) => {
          const confirmation = await handler.execute(command);
          const answer = (await world.eventStore.readStream(checkoutStream)).find(
            (event) => event.type === 'CheckoutPaymentConfirmed',
          );
          return { confirmation, asked, awaited, answeredAt: answer?.position ?? null };
        },
      };
    },
    { now: NOW },
  ).given(checkoutStream, created);

describe('confirm a checkout (the return page)', () => {
  it('given a paid session the log has no answer for, when its payer returns, then what the provider said is recorded for the fulfilment, which is waited for', async () => {
    const confirm = confirming().when(returning);
    await confirm.then(checkoutStream, [
      {
        ...confirmed(),
        metadata: {
          actor: { type: 'stripe', id: 'cs_test_1' },
          correlationId: 'corr-1',
          causationId: 'cs_test_1',
          at: NOW.toISOString(),
        },
      },
    ]);
    const { answer } = await confirm.outcome();
    expect(answer?.confirmation).toEqual(paidAnswer);
    expect(answer?.asked).toBe(1);
    expect(answer?.awaited).toEqual([answer?.answeredAt]);
  });

  it('given the provider’s answer is recorded, when the payer returns again, then it is answered from the log without asking the provider', async () => {
    const again = confirming().given(checkoutStream, confirmed()).when(returning);
    const { answer, appended } = await again.outcome();
    expect(answer?.confirmation).toEqual(paidAnswer);
    expect(answer?.asked).toBe(0);
    expect(answer?.awaited).toEqual([answer?.answeredAt]);
    expect(appended).toEqual([]);
  });

  it('given a completed session, when its payer returns, then it is answered from the log without asking the provider', async () => {
    const completed = {
      type: 'CheckoutSessionCompleted',
      data: { ...paymentFacts, kind: 'boost', userId: 'u-1', boostId: 'b-1' },
    };
    const confirm = confirming().given(checkoutStream, completed).when(returning);
    const { answer, appended } = await confirm.outcome();
    expect(answer?.confirmation).toEqual(paidAnswer);
    expect(answer?.asked).toBe(0);
    expect(appended).toEqual([]);
  });

  it('given a paid session with a receipt, when its payer returns, then the answer carries the receipt, from the log afterwards too', async () => {
    const receiptUrl = 'https://pay.stripe.com/receipts/r_1';
    const first = await confirming([session({ receiptUrl })])
      .when(returning)
      .outcome();
    expect(first.answer?.confirmation).toEqual({ ...paidAnswer, receiptUrl });
    const afterwards = await confirming([])
      .given(checkoutStream, confirmed(receiptUrl))
      .when(returning)
      .outcome();
    expect(afterwards.answer?.confirmation).toEqual({ ...paidAnswer, receiptUrl });
    expect(afterwards.answer?.asked).toBe(0);
  });

  it('given an unpaid session, when its payer returns, then it is answered unpaid and nothing is recorded', async () => {
    const unpaid = session({
      paymentStatus: 'unpaid',
      status: 'open',
      receiptUrl: 'https://pay.stripe.com/receipts/r_1',
    });
    const { answer, appended } = await confirming([unpaid]).when(returning).outcome();
    expect(answer?.confirmation).toMatchObject({ status: 'unpaid', receiptUrl: null });
    expect(appended).toEqual([]);
  });

  it('given a session the provider does not know, when someone returns with it, then it is refused', () =>
    confirming([]).when(returning).thenThrows(NotFoundError));
});
