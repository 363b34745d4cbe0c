import request from 'supertest';
import { eventsOf, outbox, type RegisteredUser } from '../support/accounts';
import { publishPost, verifiedUser } from '../support/community';
import { startFakeStripeServer, type FakeStripeServer } from '../support/fake-stripe-server';
import { deliver, signedEvent } from '../support/payments';
import { startTestApp, type TestApp } from '../support/test-app';
import { until } from '../support/until';
import type { Schema } from '../support/api-types';

const WEBHOOK_SECRET = 'whsec_fake_stripe_endpoint_secret';

describe('payments through the Stripe SDK (a Stripe-compatible server)', () => {
  let stripe: FakeStripeServer;
  let app: TestApp;

  beforeAll(async () => {
    stripe = await startFakeStripeServer();
    app = await startTestApp({
      PUBLIC_URL: 'http://127.0.0.1:3000',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      ADMIN_USERNAME: 'root_admin',
      ADMIN_PASSWORD: 'a long admin password',
    });
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  it('creates a session with server prices and the return addresses, and fulfils it from a signed webhook', async () => {
    const buyer = await verifiedUser(app);
    const { body } = await buyer.agent
      .post('/api/boost/checkout')
      .send({ boostType: 'regular' })
      .expect(200);
    const url = (body as Schema<'CheckoutUrlResponse'>).url;
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const created = stripe.requests.find((r) => r.method === 'POST')!;
    expect(created.path).toBe('/v1/checkout/sessions');
    expect(created.headers.authorization).toBe('Bearer sk_test_fake');
    expect(created.form.get('mode')).toBe('payment');
    expect(created.form.get('line_items[0][price_data][unit_amount]')).toBe('199');
    expect(created.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(created.form.get('success_url')).toBe(
      'http://127.0.0.1:3000/boost?session_id={CHECKOUT_SESSION_ID}&type=boost',
    );
    expect(created.form.get('cancel_url')).toBe(
      'http://127.0.0.1:3000/boost?cancelled=true&type=boost',
    );
    expect(created.form.get('metadata[userId]')).toBe(buyer.user.id);

    const sessionId = url.split('/').pop()!;
    const { paymentIntent } = stripe.markPaid(sessionId, buyer.email);
    const event = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
    });
    await deliver(app, event).expect(200, { received: true });

    const { body: boosts } = await buyer.agent.get('/api/boosts/unclaimed').expect(200);
    expect(boosts.count).toBe(1);
    expect(boosts.boost).toMatchObject({ boostType: 'regular', stripePaymentId: paymentIntent });
    const completed = (await eventsOf(app, `checkout-${sessionId}`)).find(
      (e) => e.type === 'CheckoutSessionCompleted',
    );
    expect(completed!.data).toMatchObject({
      amount: 199,
      stripePaymentId: paymentIntent,
      receiptUrl: `https://pay.stripe.com/receipts/${paymentIntent}`,
    });
    expect(completed!.metadata.causationId).toBe(event.id);
    // The receipt address is sealed in the log, and read back for its owner.
    const boostId = (completed!.data as { boostId: string }).boostId;
    const [purchased] = await eventsOf(app, `boost-${boostId}`);
    expect((purchased.data as { receiptEmail: string }).receiptEmail).toBe(buyer.email);

    // The back office opens the charge's receipt.
    const admin = request.agent(app.server);
    await admin
      .post('/api/rtm-sys/login')
      .send({ username: 'root_admin', password: 'a long admin password' })
      .expect(200);
    const receipt = await admin.get(`/api/rtm-sys/boosts/${boostId}/receipt`).expect(200);
    expect(receipt.body).toEqual({
      receiptUrl: `https://pay.stripe.com/receipts/${paymentIntent}`,
    });
    const { body: listed } = await admin.get('/api/rtm-sys/boosts?status=unclaimed').expect(200);
    expect(listed.items).toEqual([
      expect.objectContaining({ id: boostId, state: 'unclaimed', hasReceipt: true }),
    ]);

    // The account's copy of its data holds the boost and the payment with its receipt.
    const { body: exported } = await buyer.agent.get('/api/user/export').expect(200);
    expect(exported.boosts).toEqual([
      expect.objectContaining({ id: boostId, boostType: 'regular', status: 'unclaimed' }),
    ]);
    expect(exported.payments).toEqual([
      expect.objectContaining({
        kind: 'boost',
        amount: 199,
        receiptEmail: buyer.email,
        stripePaymentId: paymentIntent,
      }),
    ]);
  });

  /** A boost checkout the buyer has paid at Stripe: its session id. */
  async function paidCheckout(buyer: RegisteredUser): Promise<string> {
    const { body } = await buyer.agent
      .post('/api/boost/checkout')
      .send({ boostType: 'regular' })
      .expect(200);
    const sessionId = (body as Schema<'CheckoutUrlResponse'>).url.split('/').pop()!;
    stripe.markPaid(sessionId, buyer.email);
    return sessionId;
  }
  const completion = (sessionId: string) =>
    signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
    });
  const completedOn = async (sessionId: string) =>
    (await eventsOf(app, `checkout-${sessionId}`)).filter(
      (e) => e.type === 'CheckoutSessionCompleted',
    ).length;
  const receiptsTo = async (buyer: RegisteredUser) =>
    (await outbox(app)).filter((m) => m.to === buyer.email && m.subject.includes('receipt'));

  it('asks Stripe once per purchase, whether the return page or the webhook learns first that it is paid', async () => {
    const buyer = await verifiedUser(app);

    // The return page first: it asks, records the answer, and the webhook after it asks nothing.
    const returnedFirst = await paidCheckout(buyer);
    await request(app.server)
      .post('/api/checkout/confirm')
      .send({ sessionId: returnedFirst })
      .expect(200)
      .expect((res) => expect(res.body).toMatchObject({ status: 'paid', amount: '1.99' }));
    await deliver(app, completion(returnedFirst)).expect(200, { received: true });
    await deliver(app, completion(returnedFirst)).expect(200, { received: true });
    expect(stripe.retrievalsOf(returnedFirst)).toBe(1);
    expect(await completedOn(returnedFirst)).toBe(1);

    // The webhook first: the payments worker asks once, and the return page reads the log.
    const deliveredFirst = await paidCheckout(buyer);
    await deliver(app, completion(deliveredFirst)).expect(200, { received: true });
    await until(async () => (await completedOn(deliveredFirst)) === 1);
    await request(app.server)
      .post('/api/checkout/confirm')
      .send({ sessionId: deliveredFirst })
      .expect(200)
      .expect((res) => expect(res.body).toMatchObject({ status: 'paid', amount: '1.99' }));
    expect(stripe.retrievalsOf(deliveredFirst)).toBe(1);

    const { body: boosts } = await buyer.agent.get('/api/boosts/unclaimed').expect(200);
    expect(boosts.count).toBe(2);
  });

  it('lets a Stripe outage for one purchase delay neither a later like nor another purchase and its receipt, and asks again with backoff until Stripe answers', async () => {
    const stuck = await verifiedUser(app);
    const other = await verifiedUser(app);
    const stuckSession = await paidCheckout(stuck);
    stripe.unavailable.add(stuckSession);
    try {
      await deliver(app, completion(stuckSession)).expect(200, { received: true });

      // Events behind it go on: a like is projected, another purchase fulfilled and mailed.
      const postId = await publishPost(app, stuck);
      await other.agent.post(`/api/posts/${postId}/like`).expect(200);
      const { body: post } = await request(app.server).get(`/api/posts/${postId}`).expect(200);
      expect(post.likesCount).toBe(1);
      const otherSession = await paidCheckout(other);
      await deliver(app, completion(otherSession)).expect(200, { received: true });
      await until(async () => (await receiptsTo(other)).length === 1);
      expect(await completedOn(otherSession)).toBe(1);
      expect(await completedOn(stuckSession)).toBe(0);

      // The stuck purchase is asked about again after a pause, until Stripe answers.
      await until(() => stripe.retrievalsOf(stuckSession) >= 2);
      expect(await completedOn(stuckSession)).toBe(0);
    } finally {
      stripe.unavailable.delete(stuckSession);
    }
    await until(async () => (await completedOn(stuckSession)) === 1);
    await until(async () => (await receiptsTo(stuck)).length === 1);
    const { body: boosts } = await stuck.agent.get('/api/boosts/unclaimed').expect(200);
    expect(boosts.count).toBe(1);
  });

  it('refuses a webhook signed with another secret, and answers 404 for a session Stripe does not know', async () => {
    const forged = signedEvent('whsec_other', 'checkout.session.completed', { id: 'cs_test_x' });
    await deliver(app, forged).expect(400);
    await request(app.server)
      .post('/api/checkout/confirm')
      .send({ sessionId: 'cs_test_missing' })
      .expect(404, { message: 'Checkout session not found' });
    await request(app.server).get('/checkout/cs_test_missing').expect(404);
  });
});
