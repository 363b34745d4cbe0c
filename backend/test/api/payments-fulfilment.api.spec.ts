import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FULFILMENT_CHECKPOINT,
  FulfilmentReactor,
} from '../../src/application/payments/fulfil-payment/fulfilment-reactor';
import { BOOSTS } from '../../src/projections/boosts/boosts.projection';
import { eventsOf, type RegisteredUser } from '../support/accounts';
import {
  apiSpec,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
} from '../support/api-specification';
import { verifiedUser } from '../support/community';
import { deliver, payWithoutDelivery, sessionIdOf } from '../support/payments';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

/** The buyer's unused boosts, read through the app that runs now (a restart makes a new one). */
async function unclaimedCount(app: TestApp, user: RegisteredUser): Promise<number> {
  const boosts = await app.reads.find(BOOSTS, { userId: user.user.id, status: 'unclaimed' });
  return boosts.length;
}

async function paidSession(app: TestApp, buyer: RegisteredUser) {
  const { body } = await buyer.agent
    .post('/api/boost/checkout')
    .send({ boostType: 'regular' })
    .expect(200);
  const sessionId = sessionIdOf((body as Schema<'CheckoutUrlResponse'>).url);
  const { delivery } = await payWithoutDelivery(app, sessionId);
  return { sessionId, delivery, eventId: (JSON.parse(delivery.body) as { id: string }).id };
}

describe('payment fulfilment reactor', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({}, mkdtempSync(join(tmpdir(), 'fulfilment-')));
  });
  afterAll(() => app.close());

  const received = expectResponse(200, { body: { received: true } });

  it('given a webhook answered while the reactor was stopped, when the app restarts, then it fulfils it from its checkpoint, and a replay fulfils nothing more', async () => {
    const buyer = await verifiedUser(app);
    const first = await paidSession(app, buyer);
    await apiSpec(app)
      .when(() => deliver(app, first.delivery))
      .then([received]);
    expect(await unclaimedCount(app, buyer)).toBe(1);
    const checkpoint = await app.reads.getCheckpoint(FULFILMENT_CHECKPOINT);
    expect(checkpoint).not.toBeNull();

    // The reactor stops (its process dies) before it acts on the next delivery: the webhook has
    // recorded what Stripe said and answers all the same.
    await app.app.get(FulfilmentReactor).stop();
    const second = await paidSession(app, buyer);
    await apiSpec(app)
      .when(() => deliver(app, second.delivery))
      .then([
        received,
        expectNewEvents(`stripe-event-${second.eventId}`, [{ type: 'StripeEventReceived' }]),
        expectNoNewEvents(`checkout-${second.sessionId}`),
      ]);
    const [receivedEvent] = await eventsOf(app, `stripe-event-${second.eventId}`);
    expect(await unclaimedCount(app, buyer)).toBe(1);
    // Its stop stored what it had handled (at least its last save), nothing of the second.
    const stored = await app.reads.getCheckpoint(FULFILMENT_CHECKPOINT);
    expect(stored).toBeGreaterThanOrEqual(checkpoint!);
    expect(stored).toBeLessThan(receivedEvent.position);

    app = await app.restart();
    const processed = async () =>
      (await eventsOf(app, `stripe-event-${second.eventId}`)).map((e) => e.type);
    while ((await processed()).length < 2 || (await unclaimedCount(app, buyer)) < 2) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await processed()).toEqual(['StripeEventReceived', 'StripeEventProcessed']);

    for (const { delivery, sessionId, eventId } of [first, second, second]) {
      await apiSpec(app)
        .when(() => deliver(app, delivery))
        .then([
          received,
          expectNoNewEvents(`checkout-${sessionId}`),
          expectNoNewEvents(`stripe-event-${eventId}`),
        ]);
    }
    expect(await unclaimedCount(app, buyer)).toBe(2);
    for (const { sessionId, eventId } of [first, second]) {
      const checkout = await eventsOf(app, `checkout-${sessionId}`);
      expect(checkout.filter((e) => e.type === 'CheckoutSessionCompleted')).toHaveLength(1);
      const stripeEvent = await eventsOf(app, `stripe-event-${eventId}`);
      expect(stripeEvent.map((e) => e.type)).toEqual([
        'StripeEventReceived',
        'StripeEventProcessed',
      ]);
    }
  });
});
