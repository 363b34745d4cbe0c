import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { eventsOf, registerUser } from '../support/accounts';
import { publishPost, verifiedUser } from '../support/community';
import {
  deliver,
  payWithoutDelivery,
  sessionIdOf,
  signedEvent,
  webhookSecretOf,
} from '../support/payments';
import { startTestApp, type TestApp } from '../support/test-app';
import { DAY_MS, TestClock } from '../support/test-clock';
import type { RegisteredUser } from '../support/accounts';
import type { Schema } from '../support/api-types';

const ENV = { UPLOAD_LIMIT_PER_HOUR: '100000', PUBLIC_URL: 'http://127.0.0.1:3000' };

async function buyBoost(app: TestApp, user: RegisteredUser, boostType: 'regular' | 'mega') {
  const { body } = await user.agent.post('/api/boost/checkout').send({ boostType }).expect(200);
  return sessionIdOf((body as Schema<'CheckoutUrlResponse'>).url);
}

/** A boost bought and paid at the local checkout: the account has one more unused boost. */
async function paidBoost(app: TestApp, user: RegisteredUser, boostType: 'regular' | 'mega') {
  await request(app.server)
    .post(`/checkout/${await buyBoost(app, user, boostType)}/pay`)
    .expect(303);
}

async function unclaimed(user: RegisteredUser) {
  const { body } = await user.agent.get('/api/boosts/unclaimed').expect(200);
  return body as Schema<'UnclaimedBoostsResponse'>;
}

describe('payments', () => {
  const clock = new TestClock();
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(ENV, mkdtempSync(join(tmpdir(), 'payments-')), { clock });
  });
  afterAll(() => app.close());

  it('asks for an account, then a verified email, before a boost checkout', async () => {
    const visitor = await request(app.server)
      .post('/api/boost/checkout')
      .send({ boostType: 'regular' })
      .expect(401);
    expect(visitor.body).toEqual({ message: 'Account required to boost posts' });
    const unverified = await registerUser(app);
    await unverified.agent.post('/api/boost/checkout').send({ boostType: 'regular' }).expect(403);
    const member = await verifiedUser(app);
    const bad = await member.agent.post('/api/boost/checkout').send({ boostType: 'huge' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Please choose a regular or mega boost' });
  });

  it('sells a boost through the local checkout page: page, Pay, 303 to the return address, unclaimed boost', async () => {
    const buyer = await verifiedUser(app);
    const { body } = await buyer.agent
      .post('/api/boost/checkout')
      .send({ boostType: 'mega' })
      .expect(200);
    const url = (body as Schema<'CheckoutUrlResponse'>).url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/checkout\/cs_local_/);
    const sessionId = sessionIdOf(url);

    const page = await request(app.server).get(`/checkout/${sessionId}`).expect(200);
    expect(page.text).toContain('<title>Test checkout · SoleScore</title>');
    expect(page.text).toContain('Mega Boost — 7 days');
    expect(page.text).toContain('Pay $9.99');
    expect(page.text).toContain('href="http://127.0.0.1:3000/boost?cancelled=true&#38;type=boost"');

    const paid = await request(app.server).post(`/checkout/${sessionId}/pay`).expect(303);
    expect(paid.headers.location).toBe(
      `http://127.0.0.1:3000/boost?session_id=${sessionId}&type=boost`,
    );
    const boosts = await unclaimed(buyer);
    expect(boosts.count).toBe(1);
    expect(boosts.boost).toMatchObject({
      boostType: 'mega',
      price: '9.99',
      currency: 'usd',
      isActive: false,
      postId: null,
      appliedAt: null,
      expiresAt: null,
      userId: buyer.user.id,
    });

    const [purchased] = (await eventsOf(app, `boost-${boosts.boost!.id}`)).filter(
      (e) => e.type === 'BoostPurchased',
    );
    expect(purchased.data).toMatchObject({
      amount: 999,
      currency: 'usd',
      stripeSessionId: sessionId,
      stripePaymentId: expect.stringMatching(/^pi_local_/),
      userId: buyer.user.id,
    });
    expect(purchased.metadata.actor.type).toBe('stripe');
    expect(purchased.metadata.causationId).toMatch(/^evt_local_/);

    await request(app.server).get('/checkout/cs_local_nothinghereatall0000000').expect(404);
  });

  it('takes the same webhook once, sent 100 times and 20 at once', async () => {
    const buyer = await verifiedUser(app);
    const sessionId = await buyBoost(app, buyer, 'regular');
    const { delivery } = await payWithoutDelivery(app, sessionId);
    for (let i = 0; i < 100; i += 1) {
      const answer = await deliver(app, delivery);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ received: true });
    }
    const parallel = await Promise.all(Array.from({ length: 20 }, () => deliver(app, delivery)));
    expect(parallel.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await unclaimed(buyer)).count).toBe(1);

    // Another event of the same session (a retried event id, or the async success) too.
    const second = await payWithoutDelivery(app, sessionId);
    const other = await Promise.all(
      Array.from({ length: 20 }, () => deliver(app, second.delivery)),
    );
    expect(other.every((r) => r.status === 200)).toBe(true);
    expect((await unclaimed(buyer)).count).toBe(1);
    const completed = (await eventsOf(app, `checkout-${sessionId}`)).filter(
      (e) => e.type === 'CheckoutSessionCompleted',
    );
    expect(completed).toHaveLength(1);
  });

  it('refuses a bad or missing signature with 400 and records nothing', async () => {
    const before = await app.events.headPosition();
    const forged = signedEvent('whsec_not_ours', 'checkout.session.completed', { id: 'cs_x' });
    const bad = await deliver(app, forged);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Invalid webhook signature' });
    const none = await request(app.server)
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .send(forged.body);
    expect(none.status).toBe(400);
    const tampered = signedEvent(webhookSecretOf(app), 'charge.refunded', { id: 'ch_1' });
    const altered = await deliver(app, {
      ...tampered,
      body: tampered.body.replace('ch_1', 'ch_2'),
    });
    expect(altered.status).toBe(400);
    expect(await app.events.headPosition()).toBe(before);
    expect(await eventsOf(app, `stripe-event-${forged.id}`)).toEqual([]);
  });

  it('acknowledges an unknown event type and does nothing with it', async () => {
    const event = signedEvent(webhookSecretOf(app), 'customer.created', { id: 'cus_1' });
    await deliver(app, event).expect(200);
    const recorded = await eventsOf(app, `stripe-event-${event.id}`);
    expect(recorded.map((e) => [e.type, e.data])).toEqual([
      [
        'StripeEventReceived',
        { stripeEventId: event.id, stripeEventType: 'customer.created', objectId: 'cus_1' },
      ],
      ['StripeEventProcessed', { stripeEventId: event.id, outcome: 'ignored' }],
    ]);
  });

  it('leaves no usable boost when the refund arrives before the completion it refunds', async () => {
    const buyer = await verifiedUser(app);
    const post = await publishPost(app, buyer);
    const sessionId = await buyBoost(app, buyer, 'regular');
    const { delivery, paymentId } = await payWithoutDelivery(app, sessionId);
    const refund = signedEvent(webhookSecretOf(app), 'charge.refunded', {
      id: 'ch_refund_first',
      object: 'charge',
      payment_intent: paymentId,
      amount_refunded: 199,
      currency: 'usd',
      receipt_url: 'https://pay.stripe.com/receipts/refund',
    });
    await deliver(app, refund).expect(200);
    await deliver(app, delivery).expect(200);
    expect((await unclaimed(buyer)).count).toBe(0);
    const apply = await buyer.agent.post(`/api/posts/${post}/apply-boost`).expect(409);
    expect(apply.body).toEqual({ message: 'You have no unused boosts' });
    const payment = await eventsOf(app, `payment-${paymentId}`);
    expect(payment.map((e) => e.type)).toEqual(['PaymentRefunded', 'PaymentReceived']);
    const refunded = (await app.events.readStream(`checkout-${sessionId}`)).find(
      (e) => e.type === 'CheckoutSessionCompleted',
    );
    const boostId = (refunded!.data as { boostId: string }).boostId;
    const boost = await eventsOf(app, `boost-${boostId}`);
    expect(boost.map((e) => e.type)).toEqual(['BoostPurchased', 'BoostRefunded']);
    expect(boost[1].data).toMatchObject({ withdrawn: true, stripePaymentId: paymentId });
    // The completion, arriving second, found the refund: it is what withdrew the boost.
    const completion = (JSON.parse(delivery.body) as { id: string }).id;
    expect(boost[1].metadata.causationId).toBe(completion);
  });

  it('shows a purchase at once from the return page, fulfilled once with the late webhook', async () => {
    const buyer = await verifiedUser(app);
    const sessionId = await buyBoost(app, buyer, 'regular');
    const unpaid = await request(app.server)
      .post('/api/checkout/confirm')
      .send({ sessionId })
      .expect(200);
    expect(unpaid.body).toEqual({
      status: 'unpaid',
      kind: 'boost',
      boostType: 'regular',
      amount: '1.99',
    });
    const { delivery } = await payWithoutDelivery(app, sessionId);
    const confirmed = await request(app.server)
      .post('/api/checkout/confirm')
      .send({ sessionId })
      .expect(200);
    expect(confirmed.body).toEqual({
      status: 'paid',
      kind: 'boost',
      boostType: 'regular',
      amount: '1.99',
      receiptUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:3000\/receipts\//) as string,
    });
    expect((await unclaimed(buyer)).count).toBe(1);
    await deliver(app, delivery).expect(200);
    expect((await unclaimed(buyer)).count).toBe(1);
    const unknown = await request(app.server)
      .post('/api/checkout/confirm')
      .send({ sessionId: 'cs_local_unknownunknownunknown00' })
      .expect(404);
    expect(unknown.body).toEqual({ message: 'Checkout session not found' });
    const malformed = await request(app.server)
      .post('/api/checkout/confirm')
      .send({ sessionId: 'nope' })
      .expect(400);
    expect(malformed.body).toEqual({
      message: 'This is not a checkout session id (they start with cs_)',
    });
  });

  it('given three unused boosts, when they are applied to three posts at once, then each post gets one and none is refused', async () => {
    const owner = await verifiedUser(app);
    const posts = [
      await publishPost(app, owner),
      await publishPost(app, owner),
      await publishPost(app, owner),
    ];
    for (let i = 0; i < 3; i += 1) {
      await paidBoost(app, owner, 'regular');
    }
    const answers = await Promise.all(
      posts.map((post) => owner.agent.post(`/api/posts/${post}/apply-boost`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await unclaimed(owner)).count).toBe(0);
    const again = await owner.agent.post(`/api/posts/${posts[0]}/apply-boost`).expect(409);
    expect(again.body).toEqual({ message: 'This post already has an active boost' });
  });

  it('applies a boost to the owner’s post only, once at a time; mega leads the board until it expires', async () => {
    const owner = await verifiedUser(app);
    const other = await verifiedUser(app);
    const older = await publishPost(app, owner);
    clock.advance(1000);
    const post = await publishPost(app, owner);
    const othersPost = await publishPost(app, other);
    await paidBoost(app, owner, 'mega');
    clock.advance(1000); // the next boost is bought a second later: the mega one is older
    await paidBoost(app, owner, 'regular');

    await owner.agent.post(`/api/posts/${othersPost}/apply-boost`).expect(403);
    const applied = await owner.agent.post(`/api/posts/${older}/apply-boost`).expect(200);
    expect(applied.body).toEqual({ boostType: 'mega' });
    const again = await owner.agent.post(`/api/posts/${older}/apply-boost`).expect(409);
    expect(again.body).toEqual({ message: 'This post already has an active boost' });
    await owner.agent.post(`/api/posts/${older}/boost`).send({ boostType: 'mega' }).expect(409);
    await other.agent.post(`/api/posts/${post}/boost`).send({ boostType: 'mega' }).expect(403);
    expect((await unclaimed(owner)).count).toBe(1);

    const running = await owner.agent.get(`/api/posts/${older}/boost`).expect(200);
    expect(running.body).toMatchObject({ boostType: 'mega', isActive: true, postId: older });
    expect(
      new Date(running.body.expiresAt).getTime() - new Date(running.body.appliedAt).getTime(),
    ).toBe(7 * DAY_MS);
    const board = await request(app.server).get('/api/posts?sort=recent').expect(200);
    expect(board.body[0]).toMatchObject({ id: older, isBoosted: true, boostType: 'mega' });
    const page = await request(app.server).get(`/api/posts/${older}`).expect(200);
    expect(page.body).toMatchObject({ isBoosted: true, boostType: 'mega' });

    clock.advance(7 * DAY_MS + 1);
    const after = await request(app.server).get('/api/posts?sort=recent').expect(200);
    const ids = (after.body as Schema<'PostResponse'>[]).map((p) => p.id);
    expect(ids.indexOf(post)).toBeLessThan(ids.indexOf(older));
    expect(after.body.find((p: { id: string }) => p.id === older)).toMatchObject({
      isBoosted: false,
      boostType: null,
    });
    await request(app.server).get(`/api/posts/${older}/boost`).expect(200, 'null');
    const expired = (await eventsOf(app, `boost-${running.body.id}`)).map((e) => e.type);
    expect(expired).toEqual(['BoostPurchased', 'BoostApplied', 'BoostExpired']);
    await owner.agent.post(`/api/posts/${older}/apply-boost`).expect(200, { boostType: 'regular' });
  });

  it('shows a post’s running boost to visitors and other members as its card does, and the purchase to its buyer only', async () => {
    const owner = await verifiedUser(app);
    const other = await verifiedUser(app);
    const post = await publishPost(app, owner);
    await paidBoost(app, owner, 'mega');
    await owner.agent.post(`/api/posts/${post}/apply-boost`).expect(200, { boostType: 'mega' });

    const bought = await owner.agent.get(`/api/posts/${post}/boost`).expect(200);
    expect(bought.body).toMatchObject({
      boostType: 'mega',
      isActive: true,
      postId: post,
      userId: owner.user.id,
      price: '9.99',
      currency: 'usd',
    });
    expect(Object.keys(bought.body)).toEqual(
      expect.arrayContaining(['id', 'createdAt', 'appliedAt', 'stripePaymentId']),
    );
    const card = { boostType: 'mega', expiresAt: bought.body.expiresAt, isActive: true };
    for (const viewer of [request(app.server), other.agent]) {
      const seen = await viewer.get(`/api/posts/${post}/boost`).expect(200);
      expect(seen.body).toEqual(card);
    }
  });

  it('buys a boost for a post that applies itself on payment, back on the post page', async () => {
    const owner = await verifiedUser(app);
    const post = await publishPost(app, owner);
    const { body } = await owner.agent
      .post(`/api/posts/${post}/boost`)
      .send({ boostType: 'regular' })
      .expect(200);
    const sessionId = sessionIdOf((body as Schema<'PostCheckoutUrlResponse'>).checkoutUrl);
    const page = await request(app.server).get(`/checkout/${sessionId}`).expect(200);
    expect(page.text).toContain(`href="http://127.0.0.1:3000/post/${post}?boost=cancelled"`);
    const paid = await request(app.server).post(`/checkout/${sessionId}/pay`).expect(303);
    expect(paid.headers.location).toBe(
      `http://127.0.0.1:3000/post/${post}?boost=success&session_id=${sessionId}`,
    );
    const shown = await request(app.server).get(`/api/posts/${post}`).expect(200);
    expect(shown.body).toMatchObject({ isBoosted: true, boostType: 'regular' });
    expect((await unclaimed(owner)).count).toBe(0);
  });

  it('takes donations from anyone between $1 and $1,000', async () => {
    for (const amount of [99, 100001, 5.5, '500']) {
      const refused = await request(app.server).post('/api/donations/checkout').send({ amount });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: 'Please enter an amount between $1 and $1,000' });
    }
    const { body } = await request(app.server)
      .post('/api/donations/checkout')
      .send({ amount: 500 })
      .expect(200);
    const sessionId = sessionIdOf((body as Schema<'CheckoutUrlResponse'>).url);
    const page = await request(app.server).get(`/checkout/${sessionId}`).expect(200);
    expect(page.text).toContain('Donation');
    expect(page.text).toContain('Pay $5.00');
    const paid = await request(app.server).post(`/checkout/${sessionId}/pay`).expect(303);
    expect(paid.headers.location).toBe(
      `http://127.0.0.1:3000/boost?session_id=${sessionId}&type=donation`,
    );
    const confirmed = await request(app.server)
      .post('/api/checkout/confirm')
      .send({ sessionId })
      .expect(200);
    expect(confirmed.body).toEqual({
      status: 'paid',
      kind: 'donation',
      amount: '5.00',
      receiptUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:3000\/receipts\//) as string,
    });
    const donation = (await eventsOf(app, `checkout-${sessionId}`)).filter(
      (e) => e.type === 'DonationReceived',
    );
    expect(donation).toHaveLength(1);
    expect(donation[0].data).toMatchObject({
      amount: 500,
      currency: 'usd',
      userId: null,
      receiptEmail: null,
    });
  });

  it('suspends boost purchases while a payment dispute is open', async () => {
    const buyer = await verifiedUser(app);
    const sessionId = await buyBoost(app, buyer, 'regular');
    const { delivery, paymentId } = await payWithoutDelivery(app, sessionId);
    await deliver(app, delivery).expect(200);
    const dispute = signedEvent(webhookSecretOf(app), 'charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      payment_intent: paymentId,
      amount: 199,
      currency: 'usd',
      reason: 'fraudulent',
    });
    await deliver(app, dispute).expect(200);
    const refused = await buyer.agent
      .post('/api/boost/checkout')
      .send({ boostType: 'regular' })
      .expect(403);
    expect(refused.body).toEqual({
      message: 'Boost purchases are suspended on this account while a payment dispute is open.',
    });
    const disputed = await eventsOf(app, `payment-${paymentId}`);
    expect(disputed.map((e) => e.type)).toEqual(['PaymentReceived', 'PaymentDisputed']);
  });

  it('finds a local checkout after a restart, and the worker ends a boost that ran out meanwhile', async () => {
    const owner = await verifiedUser(app);
    const post = await publishPost(app, owner);
    await paidBoost(app, owner, 'regular');
    await owner.agent.post(`/api/posts/${post}/apply-boost`).expect(200, { boostType: 'regular' });
    const running = await owner.agent.get(`/api/posts/${post}/boost`).expect(200);
    const waiting = await buyBoost(app, owner, 'mega');

    clock.advance(DAY_MS + 1);
    app = await app.restart();
    // No board is read: the worker beside the projections appends the expiry on its own.
    const stream = `boost-${running.body.id}`;
    while (!(await eventsOf(app, stream)).some((e) => e.type === 'BoostExpired')) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const page = await request(app.server).get(`/checkout/${waiting}`).expect(200);
    expect(page.text).toContain('Pay $9.99');
    const confirmed = await request(app.server)
      .post('/api/checkout/confirm')
      .send({ sessionId: waiting })
      .expect(200);
    expect(confirmed.body).toEqual({
      status: 'unpaid',
      kind: 'boost',
      boostType: 'mega',
      amount: '9.99',
    });
  });

  it('runs one boost on a post when two applications race, and gives a post back when its boost is gone', async () => {
    const owner = await verifiedUser(app);
    const post = await publishPost(app, owner);
    const other = await publishPost(app, owner);
    const third = await publishPost(app, owner);
    for (const type of ['regular', 'mega'] as const) {
      await paidBoost(app, owner, type);
      clock.advance(1000);
    }
    const raced = await Promise.all([
      owner.agent.post(`/api/posts/${post}/apply-boost`),
      owner.agent.post(`/api/posts/${post}/apply-boost`),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await unclaimed(owner)).count).toBe(1);
    const slot = await eventsOf(app, `post-boost-${post}`);
    expect(slot.map((e) => e.type)).toEqual(['PostBoostClaimed']);

    // The last boost, applied to two posts at once: one post gets it; the other is not left
    // taken by a boost that never ran on it.
    const split = await Promise.all([
      owner.agent.post(`/api/posts/${other}/apply-boost`),
      owner.agent.post(`/api/posts/${third}/apply-boost`),
    ]);
    expect(split.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await unclaimed(owner)).count).toBe(0);
    const loser = split[0].status === 409 ? other : third;
    await paidBoost(app, owner, 'regular');
    await owner.agent.post(`/api/posts/${loser}/apply-boost`).expect(200, { boostType: 'regular' });
  });
});
