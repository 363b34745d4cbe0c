import { NotFoundError } from '../../../domain/shared/errors';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import type { LocalCheckout, PaymentGateway } from '../../ports/payments.port';
import { gateway, noticesOn, recordedOn } from '../testing/payments-fixture';
import { PayLocalCheckoutCommand } from './pay-local-checkout.command';
import { PayLocalCheckoutHandler } from './pay-local-checkout.handler';

describe('pay a local checkout', () => {
  let events: SqliteEventStore;
  let awaited: (bigint | null)[];

  const local = {
    page: (id: string) => (id === 'cs_local_1' ? {} : null),
    pay: () => ({ body: Buffer.from('{}'), signature: 'sig', successUrl: 'https://site.test/ok' }),
  } as unknown as LocalCheckout;
  const pay = (sessionId: string) => {
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
    return new PayLocalCheckoutHandler(noticesOn(events, provider, awaited)).execute(
      new PayLocalCheckoutCommand(sessionId),
    );
  };

  beforeEach(() => {
    events = new SqliteEventStore(':memory:');
    awaited = [];
  });
  afterEach(() => events.close());

  it('records the signed delivery as a webhook would, and waits for its fulfilment', async () => {
    expect(await pay('cs_local_1')).toEqual({ successUrl: 'https://site.test/ok' });
    const recorded = await events.readStream('stripe-event-evt_local_1');
    expect(recorded.map((e) => e.type)).toEqual(['StripeEventReceived']);
    expect(awaited).toEqual([recorded[0].position]);
  });

  it('refuses a session the local checkout does not know', async () => {
    await expect(pay('cs_local_2')).rejects.toThrow(NotFoundError);
    expect(await recordedOn(events, 'stripe-event-evt_local_1')).toEqual([]);
  });
});
