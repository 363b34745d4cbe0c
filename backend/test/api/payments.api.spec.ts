import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { eventsOf, registerUser } from '../support/accounts';
import {
  apiSpec,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  type ApiRequest,
} from '../support/api-specification';
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

/**
 * Each test buys its own boosts for its own posts. Boosts run on the boards for up to 7 days, so
 * the test about a board's order first lets every boost of the others run out.
 */
describe('payments', () => {
  const clock = new TestClock();
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(ENV, mkdtempSync(join(tmpdir(), 'payments-')), { clock });
  });
  afterAll(() => app.close());

  /** A boost checkout started by `user`: its session id. */
  async function buyBoost(user: RegisteredUser, boostType: 'regular' | 'mega') {
    const { body } = await apiSpec(app)
      .when((request) => request.as(user).post('/api/boost/checkout').send({ boostType }))
      .then([expectResponse(200)]);
    return sessionIdOf((body as Schema<'CheckoutUrlResponse'>).url);
  }
  /** The local checkout's Pay button pressed. */
  const pay = (sessionId: string) =>
    apiSpec(app)
      .when((request) => request.post(`/checkout/${sessionId}/pay`))
      .then([expectResponse(303)]);
  /** A boost bought and paid at the local checkout: the account has one more unused boost. */
  const paidBoost = async (user: RegisteredUser, boostType: 'regular' | 'mega') =>
    pay(await buyBoost(user, boostType));
  const unclaimed = async (user: RegisteredUser) =>
    (
      await apiSpec(app)
        .when((request) => request.as(user).get('/api/boosts/unclaimed'))
        .then([expectResponse(200)])
    ).body as Schema<'UnclaimedBoostsResponse'>;
  const applyBoost = (user: RegisteredUser, postId: string) => (request: ApiRequest) =>
    request.as(user).post(`/api/posts/${postId}/apply-boost`);
  const confirm = (sessionId: string) => (request: ApiRequest) =>
    request.post('/api/checkout/confirm').send({ sessionId });
  const webhook = (event: { body: string; signature: string }) => () => deliver(app, event);

  it('given a visitor, an unverified account and a member, when each starts a boost checkout, then an account, then a verified email, then a known boost is asked for', async () => {
    const unverified = await registerUser(app);
    const member = await verifiedUser(app);

    await apiSpec(app)
      .when((request) => request.post('/api/boost/checkout').send({ boostType: 'regular' }))
      .then([expectError(401, 'Account required to boost posts')]);
    await apiSpec(app)
      .when((request) =>
        request.as(unverified).post('/api/boost/checkout').send({ boostType: 'regular' }),
      )
      .then([expectError(403)]);
    await apiSpec(app)
      .when((request) => request.as(member).post('/api/boost/checkout').send({ boostType: 'huge' }))
      .then([expectError(400, 'Please choose a regular or mega boost')]);
  });

  it('given a member, when they buy a boost through the local checkout page, then the page, Pay, a 303 to the return address and an unclaimed boost bought from Stripe', async () => {
    const buyer = await verifiedUser(app);
    const { body } = await apiSpec(app)
      .when((request) => request.as(buyer).post('/api/boost/checkout').send({ boostType: 'mega' }))
      .then([
        expectResponse(200, {
          body: {
            url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:3000\/checkout\/cs_local_/),
          },
        }),
      ]);
    const sessionId = sessionIdOf((body as Schema<'CheckoutUrlResponse'>).url);

    const page = await apiSpec(app)
      .when((request) => request.get(`/checkout/${sessionId}`))
      .then([expectResponse(200)]);
    expect(page.text).toContain('<title>Test checkout · SoleScore</title>');
    expect(page.text).toContain('Mega Boost — 7 days');
    expect(page.text).toContain('Pay $9.99');
    expect(page.text).toContain('href="http://127.0.0.1:3000/boost?cancelled=true&#38;type=boost"');

    await apiSpec(app)
      .when((request) => request.post(`/checkout/${sessionId}/pay`))
      .then([
        expectResponse(303, {
          headers: { location: `http://127.0.0.1:3000/boost?session_id=${sessionId}&type=boost` },
        }),
        expectNewEvents(`checkout-${sessionId}`, [
          { type: 'CheckoutPaymentConfirmed' },
          { type: 'CheckoutSessionCompleted' },
        ]),
      ]);
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

    await apiSpec(app)
      .when((request) => request.get('/checkout/cs_local_nothinghereatall0000000'))
      .then([expectResponse(404)]);
  });

  it('given a paid checkout, when its webhook is sent 100 times and 20 at once, and another event of it 20 at once, then it is taken once', async () => {
    const buyer = await verifiedUser(app);
    const sessionId = await buyBoost(buyer, 'regular');
    const { delivery } = await payWithoutDelivery(app, sessionId);
    const eventId = (JSON.parse(delivery.body) as { id: string }).id;

    await apiSpec(app)
      .when(webhook(delivery))
      .then([
        expectResponse(200, { body: { received: true } }),
        expectNewEvents(`stripe-event-${eventId}`, [
          { type: 'StripeEventReceived' },
          { type: 'StripeEventProcessed', data: { outcome: 'applied' } },
        ]),
      ]);
    for (let i = 1; i < 100; i += 1) {
      await apiSpec(app)
        .when(webhook(delivery))
        .then([
          expectResponse(200, { body: { received: true } }),
          expectNoNewEvents(`checkout-${sessionId}`),
          expectNoNewEvents(`stripe-event-${eventId}`),
        ]);
    }
    let parallel: Response[] = [];
    await apiSpec(app)
      .when(async () => {
        parallel = await Promise.all(Array.from({ length: 20 }, () => deliver(app, delivery)));
        return parallel[0];
      })
      .then([expectNoNewEvents(`checkout-${sessionId}`)]);
    expect(parallel.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await unclaimed(buyer)).count).toBe(1);

    // Another event of the same session (a retried event id, or the async success) too.
    const second = await payWithoutDelivery(app, sessionId);
    let other: Response[] = [];
    await apiSpec(app)
      .when(async () => {
        other = await Promise.all(Array.from({ length: 20 }, () => deliver(app, second.delivery)));
        return other[0];
      })
      .then([]);
    expect(other.every((r) => r.status === 200)).toBe(true);
    expect((await unclaimed(buyer)).count).toBe(1);
    const completed = (await eventsOf(app, `checkout-${sessionId}`)).filter(
      (e) => e.type === 'CheckoutSessionCompleted',
    );
    expect(completed).toHaveLength(1);
  });

  it('given a forged, an unsigned and an altered delivery, when each is sent, then 400 and nothing recorded', async () => {
    const forged = signedEvent('whsec_not_ours', 'checkout.session.completed', { id: 'cs_x' });
    const tampered = signedEvent(webhookSecretOf(app), 'charge.refunded', { id: 'ch_1' });
    const recordsNothing = async ({ allNewEvents }: { allNewEvents: () => Promise<unknown[]> }) =>
      expect(await allNewEvents()).toEqual([]);

    await apiSpec(app)
      .when(webhook(forged))
      .then([
        expectError(400, 'Invalid webhook signature'),
        recordsNothing,
        expectNoNewEvents(`stripe-event-${forged.id}`),
      ]);
    await apiSpec(app)
      .when((request) =>
        request
          .post('/api/stripe/webhook')
          .set('Content-Type', 'application/json')
          .send(forged.body),
      )
      .then([expectError(400), recordsNothing]);
    await apiSpec(app)
      .when(webhook({ ...tampered, body: tampered.body.replace('ch_1', 'ch_2') }))
      .then([expectError(400), recordsNothing]);
  });

  it('given an event of a type the app does not use, when it is delivered, then it is acknowledged and nothing done with it', async () => {
    const event = signedEvent(webhookSecretOf(app), 'customer.created', { id: 'cus_1' });

    await apiSpec(app)
      .when(webhook(event))
      .then([
        expectResponse(200),
        expectNewEvents(`stripe-event-${event.id}`, [
          { type: 'StripeEventReceived' },
          { type: 'StripeEventProcessed', data: { outcome: 'ignored' } },
        ]),
      ]);
    const recorded = await eventsOf(app, `stripe-event-${event.id}`);
    expect(recorded.map((e) => [e.type, e.data])).toEqual([
      [
        'StripeEventReceived',
        { stripeEventId: event.id, stripeEventType: 'customer.created', objectId: 'cus_1' },
      ],
      ['StripeEventProcessed', { stripeEventId: event.id, outcome: 'ignored' }],
    ]);
  });

  it('given a refund delivered before the completion it refunds, when the completion arrives, then no usable boost is left', async () => {
    const buyer = await verifiedUser(app);
    const post = await publishPost(app, buyer);
    const sessionId = await buyBoost(buyer, 'regular');
    const { delivery, paymentId } = await payWithoutDelivery(app, sessionId);
    const refund = signedEvent(webhookSecretOf(app), 'charge.refunded', {
      id: 'ch_refund_first',
      object: 'charge',
      payment_intent: paymentId,
      amount_refunded: 199,
      currency: 'usd',
      receipt_url: 'https://pay.stripe.com/receipts/refund',
    });

    await apiSpec(app)
      .given(() => deliver(app, refund).expect(200))
      .when(webhook(delivery))
      .then([expectResponse(200)]);

    expect((await unclaimed(buyer)).count).toBe(0);
    await apiSpec(app)
      .when(applyBoost(buyer, post))
      .then([expectError(409, 'You have no unused boosts')]);
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

  it('given a boost checkout, when its return page confirms before and after payment, then the purchase shows at once, fulfilled once with the late webhook', async () => {
    const buyer = await verifiedUser(app);
    const sessionId = await buyBoost(buyer, 'regular');

    await apiSpec(app)
      .when(confirm(sessionId))
      .then([
        expectResponse(200, {
          body: { status: 'unpaid', kind: 'boost', boostType: 'regular', amount: '1.99' },
        }),
      ]);
    const { delivery } = await payWithoutDelivery(app, sessionId);
    await apiSpec(app)
      .when(confirm(sessionId))
      .then([
        expectResponse(200, {
          body: {
            status: 'paid',
            kind: 'boost',
            boostType: 'regular',
            amount: '1.99',
            receiptUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:3000\/receipts\//),
          },
        }),
        expectNewEvents(`checkout-${sessionId}`, [
          { type: 'CheckoutPaymentConfirmed' },
          { type: 'CheckoutSessionCompleted' },
        ]),
      ]);
    expect((await unclaimed(buyer)).count).toBe(1);
    await apiSpec(app)
      .when(webhook(delivery))
      .then([expectResponse(200), expectNoNewEvents(`checkout-${sessionId}`)]);
    expect((await unclaimed(buyer)).count).toBe(1);
    await apiSpec(app)
      .when(confirm('cs_local_unknownunknownunknown00'))
      .then([expectError(404, 'Checkout session not found')]);
    await apiSpec(app)
      .when(confirm('nope'))
      .then([expectError(400, 'This is not a checkout session id (they start with cs_)')]);
  });

  it('given three unused boosts, when they are applied to three posts at once, then each post gets one and none is refused', async () => {
    const owner = await verifiedUser(app);
    const posts = [
      await publishPost(app, owner),
      await publishPost(app, owner),
      await publishPost(app, owner),
    ];
    let answers: Response[] = [];

    await apiSpec(app)
      .given(
        () => paidBoost(owner, 'regular'),
        () => paidBoost(owner, 'regular'),
        () => paidBoost(owner, 'regular'),
      )
      .when(async (request) => {
        answers = await Promise.all(posts.map((post) => applyBoost(owner, post)(request)));
        return answers[0];
      })
      .then([]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await unclaimed(owner)).count).toBe(0);
    await apiSpec(app)
      .when(applyBoost(owner, posts[0]))
      .then([expectError(409, 'This post already has an active boost')]);
  });

  it('given a mega and a regular boost, when the owner applies one to their own post, then once at a time, and mega leads the board until it expires', async () => {
    // Every boost another test started has run out: this post's is the only one on the board.
    clock.advance(7 * DAY_MS + 1000);
    const owner = await verifiedUser(app);
    const other = await verifiedUser(app);
    const older = await publishPost(app, owner);
    clock.advance(1000);
    const post = await publishPost(app, owner);
    const othersPost = await publishPost(app, other);
    await paidBoost(owner, 'mega');
    clock.advance(1000); // the next boost is bought a second later: the mega one is older
    await paidBoost(owner, 'regular');

    await apiSpec(app)
      .when(applyBoost(owner, othersPost))
      .then([expectError(403)]);
    await apiSpec(app)
      .when(applyBoost(owner, older))
      .then([
        expectResponse(200, { body: { boostType: 'mega' } }),
        expectNewEvents(`post-boost-${older}`, [{ type: 'PostBoostClaimed' }]),
      ]);
    await apiSpec(app)
      .when(applyBoost(owner, older))
      .then([expectError(409, 'This post already has an active boost')]);
    await apiSpec(app)
      .when((request) =>
        request.as(owner).post(`/api/posts/${older}/boost`).send({ boostType: 'mega' }),
      )
      .then([expectError(409)]);
    await apiSpec(app)
      .when((request) =>
        request.as(other).post(`/api/posts/${post}/boost`).send({ boostType: 'mega' }),
      )
      .then([expectError(403)]);
    expect((await unclaimed(owner)).count).toBe(1);

    const running = await apiSpec(app)
      .when((request) => request.as(owner).get(`/api/posts/${older}/boost`))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({ boostType: 'mega', isActive: true, postId: older }),
        }),
      ]);
    expect(
      new Date(running.body.expiresAt).getTime() - new Date(running.body.appliedAt).getTime(),
    ).toBe(7 * DAY_MS);
    const board = await apiSpec(app)
      .when((request) => request.get('/api/posts?sort=recent'))
      .then([expectResponse(200)]);
    expect(board.body[0]).toMatchObject({ id: older, isBoosted: true, boostType: 'mega' });
    await apiSpec(app)
      .when((request) => request.get(`/api/posts/${older}`))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({ isBoosted: true, boostType: 'mega' }),
        }),
      ]);

    clock.advance(7 * DAY_MS + 1);
    const after = await apiSpec(app)
      .when((request) => request.get('/api/posts?sort=recent'))
      .then([expectResponse(200)]);
    const ids = (after.body as Schema<'PostResponse'>[]).map((p) => p.id);
    expect(ids.indexOf(post)).toBeLessThan(ids.indexOf(older));
    expect(after.body.find((p: { id: string }) => p.id === older)).toMatchObject({
      isBoosted: false,
      boostType: null,
    });
    const none = await apiSpec(app)
      .when((request) => request.get(`/api/posts/${older}/boost`))
      .then([expectResponse(200)]);
    expect(none.text).toBe('null');
    const expired = (await eventsOf(app, `boost-${running.body.id}`)).map((e) => e.type);
    expect(expired).toEqual(['BoostPurchased', 'BoostApplied', 'BoostExpired']);
    await apiSpec(app)
      .when(applyBoost(owner, older))
      .then([expectResponse(200, { body: { boostType: 'regular' } })]);
  });

  it('given a post’s running boost, when visitors, other members and its buyer read it, then the others see what its card shows and the buyer the purchase', async () => {
    const owner = await verifiedUser(app);
    const other = await verifiedUser(app);
    const post = await publishPost(app, owner);
    await apiSpec(app)
      .given(() => paidBoost(owner, 'mega'))
      .when(applyBoost(owner, post))
      .then([expectResponse(200, { body: { boostType: 'mega' } })]);

    const bought = await apiSpec(app)
      .when((request) => request.as(owner).get(`/api/posts/${post}/boost`))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({
            boostType: 'mega',
            isActive: true,
            postId: post,
            userId: owner.user.id,
            price: '9.99',
            currency: 'usd',
          }),
        }),
      ]);
    expect(Object.keys(bought.body)).toEqual(
      expect.arrayContaining(['id', 'createdAt', 'appliedAt', 'stripePaymentId']),
    );
    const card = { boostType: 'mega', expiresAt: bought.body.expiresAt, isActive: true };
    for (const viewer of [undefined, other]) {
      await apiSpec(app)
        .when((request) => (viewer ? request.as(viewer) : request).get(`/api/posts/${post}/boost`))
        .then([expectResponse(200, { body: card })]);
    }
  });

  it('given a member’s post, when they buy a boost for it and pay, then it applies itself and the return goes back to the post page', async () => {
    const owner = await verifiedUser(app);
    const post = await publishPost(app, owner);
    const { body } = await apiSpec(app)
      .when((request) =>
        request.as(owner).post(`/api/posts/${post}/boost`).send({ boostType: 'regular' }),
      )
      .then([expectResponse(200)]);
    const sessionId = sessionIdOf((body as Schema<'PostCheckoutUrlResponse'>).checkoutUrl);
    const page = await apiSpec(app)
      .when((request) => request.get(`/checkout/${sessionId}`))
      .then([expectResponse(200)]);
    expect(page.text).toContain(`href="http://127.0.0.1:3000/post/${post}?boost=cancelled"`);

    await apiSpec(app)
      .when((request) => request.post(`/checkout/${sessionId}/pay`))
      .then([
        expectResponse(303, {
          headers: {
            location: `http://127.0.0.1:3000/post/${post}?boost=success&session_id=${sessionId}`,
          },
        }),
      ]);
    await apiSpec(app)
      .when((request) => request.get(`/api/posts/${post}`))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({ isBoosted: true, boostType: 'regular' }),
        }),
      ]);
    expect((await unclaimed(owner)).count).toBe(0);
  });

  it.each([99, 100001, 5.5, '500'])(
    'given the amount %p, when a donation checkout starts, then 400: between $1 and $1,000',
    async (amount) => {
      await apiSpec(app)
        .when((request) => request.post('/api/donations/checkout').send({ amount }))
        .then([expectError(400, 'Please enter an amount between $1 and $1,000')]);
    },
  );

  it('given a visitor, when they donate $5 and pay, then the donation is received once and confirmed with a receipt', async () => {
    const { body } = await apiSpec(app)
      .when((request) => request.post('/api/donations/checkout').send({ amount: 500 }))
      .then([expectResponse(200)]);
    const sessionId = sessionIdOf((body as Schema<'CheckoutUrlResponse'>).url);
    const page = await apiSpec(app)
      .when((request) => request.get(`/checkout/${sessionId}`))
      .then([expectResponse(200)]);
    expect(page.text).toContain('Donation');
    expect(page.text).toContain('Pay $5.00');

    await apiSpec(app)
      .when((request) => request.post(`/checkout/${sessionId}/pay`))
      .then([
        expectResponse(303, {
          headers: {
            location: `http://127.0.0.1:3000/boost?session_id=${sessionId}&type=donation`,
          },
        }),
      ]);
    await apiSpec(app)
      .when(confirm(sessionId))
      .then([
        expectResponse(200, {
          body: {
            status: 'paid',
            kind: 'donation',
            amount: '5.00',
            receiptUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:3000\/receipts\//),
          },
        }),
      ]);
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

  it('given a paid boost, when its payment is disputed, then boost purchases are suspended while the dispute is open', async () => {
    const buyer = await verifiedUser(app);
    const sessionId = await buyBoost(buyer, 'regular');
    const { delivery, paymentId } = await payWithoutDelivery(app, sessionId);
    const dispute = signedEvent(webhookSecretOf(app), 'charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      payment_intent: paymentId,
      amount: 199,
      currency: 'usd',
      reason: 'fraudulent',
    });

    await apiSpec(app)
      .given(() => deliver(app, delivery).expect(200))
      .when(webhook(dispute))
      .then([expectResponse(200)]);

    await apiSpec(app)
      .when((request) =>
        request.as(buyer).post('/api/boost/checkout').send({ boostType: 'regular' }),
      )
      .then([
        expectError(
          403,
          'Boost purchases are suspended on this account while a payment dispute is open.',
        ),
      ]);
    const disputed = await eventsOf(app, `payment-${paymentId}`);
    expect(disputed.map((e) => e.type)).toEqual(['PaymentReceived', 'PaymentDisputed']);
  });

  it('given a running boost and an unpaid checkout, when the app restarts after the boost ran out, then the checkout is found and the worker ends the boost', async () => {
    const owner = await verifiedUser(app);
    const post = await publishPost(app, owner);
    await apiSpec(app)
      .given(() => paidBoost(owner, 'regular'))
      .when(applyBoost(owner, post))
      .then([expectResponse(200, { body: { boostType: 'regular' } })]);
    const running = await apiSpec(app)
      .when((request) => request.as(owner).get(`/api/posts/${post}/boost`))
      .then([expectResponse(200)]);
    const waiting = await buyBoost(owner, 'mega');

    clock.advance(DAY_MS + 1);
    app = await app.restart();
    // No board is read: the worker beside the projections appends the expiry on its own.
    const stream = `boost-${running.body.id}`;
    while (!(await eventsOf(app, stream)).some((e) => e.type === 'BoostExpired')) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const page = await apiSpec(app)
      .when((request) => request.get(`/checkout/${waiting}`))
      .then([expectResponse(200)]);
    expect(page.text).toContain('Pay $9.99');
    await apiSpec(app)
      .when(confirm(waiting))
      .then([
        expectResponse(200, {
          body: { status: 'unpaid', kind: 'boost', boostType: 'mega', amount: '9.99' },
        }),
      ]);
  });

  it('given two unused boosts, when two applications to one post race, then one boost runs on it, and a post whose boost went elsewhere is given back', async () => {
    const owner = await verifiedUser(app);
    const post = await publishPost(app, owner);
    const other = await publishPost(app, owner);
    const third = await publishPost(app, owner);
    for (const type of ['regular', 'mega'] as const) {
      await paidBoost(owner, type);
      clock.advance(1000);
    }
    let raced: Response[] = [];
    await apiSpec(app)
      .when(async (request) => {
        raced = await Promise.all([
          applyBoost(owner, post)(request),
          applyBoost(owner, post)(request),
        ]);
        return raced[0];
      })
      .then([expectNewEvents(`post-boost-${post}`, [{ type: 'PostBoostClaimed' }])]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await unclaimed(owner)).count).toBe(1);

    // The last boost, applied to two posts at once: one post gets it; the other is not left
    // taken by a boost that never ran on it.
    let split: Response[] = [];
    await apiSpec(app)
      .when(async (request) => {
        split = await Promise.all([
          applyBoost(owner, other)(request),
          applyBoost(owner, third)(request),
        ]);
        return split[0];
      })
      .then([]);
    expect(split.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await unclaimed(owner)).count).toBe(0);
    const loser = split[0].status === 409 ? other : third;
    await apiSpec(app)
      .given(() => paidBoost(owner, 'regular'))
      .when(applyBoost(owner, loser))
      .then([expectResponse(200, { body: { boostType: 'regular' } })]);
  });
});
