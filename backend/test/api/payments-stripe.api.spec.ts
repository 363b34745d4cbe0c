import request from 'supertest';
import { eventsOf } from '../support/accounts';
import { verifiedUser } from '../support/community';
import { startFakeStripeServer, type FakeStripeServer } from '../support/fake-stripe-server';
import { deliver, signedEvent } from '../support/payments';
import { startTestApp, type TestApp } from '../support/test-app';

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
    const url = (body as { url: string }).url;
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
