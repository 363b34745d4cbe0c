import { NotFoundError } from '../../../domain/shared/errors';
import { useCase } from '../../../../test/support/use-case-specification';
import type { LocalCheckout, PaymentGateway } from '../../ports/payments.port';
import { gateway, NOW, noticesWith, writesIn } from '../testing/payments-fixture';
import { PayLocalCheckoutCommand } from './pay-local-checkout.command';
import { PayLocalCheckoutHandler } from './pay-local-checkout.handler';

const local = {
  page: (id: string) => (id === 'cs_local_1' ? {} : null),
  pay: () => ({ body: Buffer.from('{}'), signature: 'sig', successUrl: 'https://site.test/ok' }),
} as unknown as LocalCheckout;

/**
 * The local checkout's pay button, its delivery read as a completion of `cs_local_1`; answers
 * where the payer goes, the fulfilments waited for and where the delivery is recorded.
 */
const paying = useCase(
  (world) => {
    const provider: PaymentGateway = {
      ...gateway([], () => ({
        id: 'evt_local_1',
        type: 'checkout.session.completed',
        objectId: 'cs_local_1',
        handled: true,
        notice: { kind: 'checkout-completed', sessionId: 'cs_local_1' },
      })),
      localCheckout: local,
    };
    const awaited: (bigint | null)[] = [];
    const handler = new PayLocalCheckoutHandler(noticesWith(writesIn(world), provider, awaited));
    return {
      execute: async (command: PayLocalCheckoutCommand) => {
        const { successUrl } = await handler.execute(command);
        const [record] = await world.eventStore.readStream('stripe-event-evt_local_1');
        return { successUrl, awaited, recordedAt: record?.position ?? null };
      },
    };
  },
  { now: NOW },
);

describe('pay a local checkout', () => {
  it('given a local session, when it is paid, then the signed delivery is recorded as a webhook would record it, and its fulfilment waited for', async () => {
    const pay = paying.when(new PayLocalCheckoutCommand('cs_local_1'));
    await pay.then('stripe-event-evt_local_1', [
      {
        type: 'StripeEventReceived',
        data: expect.objectContaining({ stripeEventId: 'evt_local_1' }),
        metadata: { actor: { type: 'stripe', id: 'evt_local_1' }, at: NOW.toISOString() },
      },
    ]);
    const { answer } = await pay.outcome();
    expect(answer?.successUrl).toBe('https://site.test/ok');
    expect(answer?.awaited).toEqual([answer?.recordedAt]);
  });

  it('given a session the local checkout does not know, when it is paid, then it is refused and nothing is recorded', async () => {
    const pay = paying.when(new PayLocalCheckoutCommand('cs_local_2'));
    await pay.thenThrows(NotFoundError);
    expect((await pay.outcome()).appended).toEqual([]);
  });
});
