import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rebuildReadModels } from '../../src/cli/rebuild-read-models';
import { loadConfig } from '../../src/config/config';
import { eventsOf, outbox, type RegisteredUser, sessionCookieOf } from '../support/accounts';
import { signedInAdmin } from '../support/admins';
import {
  apiSpec,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  type ApiRequest,
} from '../support/api-specification';
import { until } from '../support/until';
import { publishPost, verifiedUser } from '../support/community';
import {
  deliver,
  payWithoutDelivery,
  sessionIdOf,
  signedEvent,
  webhookSecretOf,
} from '../support/payments';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

const ENV = {
  ADMIN_USERNAME: 'root_admin',
  ADMIN_PASSWORD: 'a long admin password',
  PUBLIC_URL: 'http://127.0.0.1:3000',
  UPLOAD_LIMIT_PER_HOUR: '100000',
};

interface Pages {
  boosts: Schema<'AdminBoostPage'>;
  payments: Schema<'AdminPaymentPage'>;
  audit: Schema<'AuditPage'>;
}

describe('boosts and payments in the back office', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(ENV);
  });
  afterAll(() => app.close());

  type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
  const admin = () => signedInAdmin(app, ENV);

  const list = async <Kind extends keyof Pages>(by: Admin, kind: Kind, query: string) =>
    (
      await apiSpec(app)
        .when((request) => request.as(by).get(`/api/rtm-sys/${kind}?${query}`))
        .then([expectResponse(200)])
    ).body as Pages[Kind];
  const dashboardBoosts = async (by: Admin) =>
    (
      (
        await apiSpec(app)
          .when((request) => request.as(by).get('/api/rtm-sys/dashboard'))
          .then([expectResponse(200)])
      ).body as Schema<'DashboardCountsResponse'>
    ).boosts;
  const statisticsOfToday = async (by: Admin) => {
    const today = new Date().toISOString().slice(0, 10);
    const { body } = await apiSpec(app)
      .when((request) => request.as(by).get(`/api/rtm-sys/statistics?from=${today}&to=${today}`))
      .then([expectResponse(200)]);
    return (body as Schema<'StatisticsResponse'>).days[0];
  };

  /** A checkout started by `buyer`, for a boost or a boost of a post: its session id. */
  async function checkout(buyer: RegisteredUser, boostType: 'regular' | 'mega', postId?: string) {
    const { body } = await apiSpec(app)
      .when((request) =>
        postId
          ? request.as(buyer).post(`/api/posts/${postId}/boost`).send({ boostType })
          : request.as(buyer).post('/api/boost/checkout').send({ boostType }),
      )
      .then([expectResponse(200)]);
    return sessionIdOf((body as { url?: string; checkoutUrl?: string }).url ?? body.checkoutUrl);
  }
  /** The boost the session's payment completed with. */
  const boostOf = async (sessionId: string) =>
    (
      (await eventsOf(app, `checkout-${sessionId}`)).find(
        (e) => e.type === 'CheckoutSessionCompleted',
      )!.data as { boostId: string }
    ).boostId;

  /** A boost bought through a signed webhook: its id and payment. */
  async function bought(buyer: RegisteredUser, boostType: 'regular' | 'mega', postId?: string) {
    const sessionId = await checkout(buyer, boostType, postId);
    const { delivery, paymentId } = await payWithoutDelivery(app, sessionId);
    await deliver(app, delivery).expect(200);
    return { boostId: await boostOf(sessionId), paymentId, sessionId };
  }
  const refundOf = (paymentId: string, total: number, chargeId = 'ch_admin_refund', id?: string) =>
    signedEvent(
      webhookSecretOf(app),
      'charge.refunded',
      {
        id: chargeId,
        object: 'charge',
        payment_intent: paymentId,
        amount_refunded: total,
        currency: 'usd',
      },
      id,
    );

  it('given a visitor and a member, when they open the back office’s boosts and payments, then 401: an admin session only', async () => {
    const member = await verifiedUser(app);
    for (const path of ['/boosts', '/boosts/x/receipt', '/payments']) {
      await apiSpec(app)
        .when((request) => request.get(`/api/rtm-sys${path}`))
        .then([expectError(401)]);
      await apiSpec(app)
        .when((request) => request.as(member).get(`/api/rtm-sys${path}`))
        .then([expectError(401)]);
    }
    await apiSpec(app)
      .when((request) =>
        request
          .as(member)
          .post('/api/rtm-sys/payments/disputes/dp_x/resolve')
          .send({ liftSuspension: true, reason: 'x' }),
      )
      .then([expectError(401)]);
  });

  it('given an unclaimed, a running and a withdrawn boost, when an admin lists the boosts, then each with its state, filtered, paginated, and the running one counted', async () => {
    const by = await admin();
    const buyer = await verifiedUser(app);
    const post = await publishPost(app, buyer);
    const runningBefore = await dashboardBoosts(by);
    const unclaimed = await bought(buyer, 'regular');
    const running = await bought(buyer, 'mega', post);
    const withdrawn = await bought(buyer, 'regular');
    await apiSpec(app)
      .when(() => deliver(app, refundOf(withdrawn.paymentId, 199)))
      .then([
        expectResponse(200),
        expectNewEvents(`boost-${withdrawn.boostId}`, [
          { type: 'BoostRefunded', data: { withdrawn: true } },
        ]),
      ]);

    const mine = await list(by, 'boosts', `userId=${buyer.user.id}`);
    expect(mine.total).toBe(3);
    expect(mine.items.map((b) => [b.id, b.state, b.refunded, b.amount, b.boostType])).toEqual([
      [withdrawn.boostId, 'withdrawn', true, 199, 'regular'],
      [running.boostId, 'active', false, 999, 'mega'],
      [unclaimed.boostId, 'unclaimed', false, 199, 'regular'],
    ]);
    expect(mine.items[1]).toMatchObject({
      postId: post,
      buyer: { id: buyer.user.id, email: buyer.email },
      currency: 'usd',
      hasReceipt: true,
      stripePaymentId: running.paymentId,
    });
    for (const [status, ids] of [
      ['unclaimed', [unclaimed.boostId]],
      ['active', [running.boostId]],
      ['withdrawn', [withdrawn.boostId]],
      ['refunded', [withdrawn.boostId]],
      ['expired', []],
    ] as const) {
      const page = await list(by, 'boosts', `status=${status}&userId=${buyer.user.id}`);
      expect(page.items.map((b) => b.id)).toEqual(ids);
    }
    const byPost = await list(by, 'boosts', `postId=${post}`);
    expect(byPost.items.map((b) => b.id)).toEqual([running.boostId]);
    const second = await list(by, 'boosts', `userId=${buyer.user.id}&pageSize=2&page=2`);
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((b) => b.id)).toEqual([unclaimed.boostId]);

    expect(await dashboardBoosts(by)).toBe(runningBefore + 1);

    await apiSpec(app)
      .when((request) => request.as(by).get('/api/rtm-sys/boosts?status=lost'))
      .then([
        expectError(400, 'status must be all, unclaimed, active, expired, withdrawn or refunded'),
      ]);
    await apiSpec(app)
      .when((request) => request.as(by).get('/api/rtm-sys/boosts?userId=nope'))
      .then([expectError(400)]);
  });

  it('given a boost paid at the local checkout, when an admin opens its receipt, then a printable page with amount, date, item and number', async () => {
    const by = await admin();
    const buyer = await verifiedUser(app);
    const { boostId, sessionId } = await bought(buyer, 'mega');

    const answer = await apiSpec(app)
      .when((request) => request.as(by).get(`/api/rtm-sys/boosts/${boostId}/receipt`))
      .then([
        expectResponse(200, {
          body: {
            receiptUrl: expect.stringMatching(
              /^http:\/\/127\.0\.0\.1:3000\/receipts\/rcpt_[A-Za-z0-9_-]{22}$/,
            ),
          },
        }),
      ]);
    const { receiptUrl } = answer.body as Schema<'ReceiptResponse'>;
    // The receipt number is recorded with the payment.
    const completed = (await eventsOf(app, `checkout-${sessionId}`)).find(
      (e) => e.type === 'CheckoutSessionCompleted',
    );
    const { receiptNumber } = completed!.data as { receiptNumber: string };
    expect(receiptNumber).toMatch(/^\d{4}-\d{4}-\d{4}$/);
    const purchased = (await eventsOf(app, `boost-${boostId}`)).find(
      (e) => e.type === 'BoostPurchased',
    );
    expect(purchased!.data).toMatchObject({ receiptUrl, receiptNumber });

    const page = await apiSpec(app)
      .when((request) => request.get(new URL(receiptUrl).pathname))
      .then([
        expectResponse(200, {
          headers: {
            'content-type': expect.stringMatching(/^text\/html/),
            'cache-control': 'private, no-store',
            'referrer-policy': 'no-referrer',
            'content-security-policy': expect.stringContaining("script-src 'self'"),
          },
        }),
      ]);
    expect(page.text).not.toMatch(/<script/i);
    expect(page.text).toContain(`Receipt ${receiptNumber}`);
    expect(page.text).toContain('Mega Boost — 7 days');
    expect(page.text).toContain('$9.99 USD');
    const paidAt = new Date(String(completed!.metadata.at));
    expect(page.text).toContain(
      paidAt.toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    );
    expect(page.text).toContain('@media print');
    // Its address is its key: a guessed one is not there.
    for (const guessed of ['/receipts/rcpt_AAAAAAAAAAAAAAAAAAAAAA', '/receipts/anything']) {
      await apiSpec(app)
        .when((request) => request.get(guessed))
        .then([expectResponse(404)]);
    }
  });

  it('given a payment that gave no receipt, when an admin opens its receipt or that of a boost that is not there, then 404 with a message', async () => {
    const by = await admin();
    const buyer = await verifiedUser(app);
    const sessionId = await checkout(buyer, 'regular');
    // A session paid before the local checkout issued receipts: none is recorded.
    const { delivery } = await payWithoutDelivery(app, sessionId);
    const file = join(app.dataDir, 'local-checkout', `${sessionId}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        ...JSON.parse(readFileSync(file, 'utf8')),
        receiptUrl: null,
        receiptNumber: undefined,
      }),
    );
    await deliver(app, delivery).expect(200);
    const boostId = await boostOf(sessionId);

    await apiSpec(app)
      .when((request) => request.as(by).get(`/api/rtm-sys/boosts/${boostId}/receipt`))
      .then([expectError(404, 'No receipt is available for this boost')]);
    await apiSpec(app)
      .when((request) =>
        request.as(by).get('/api/rtm-sys/boosts/00000000-0000-4000-8000-000000000000/receipt'),
      )
      .then([expectError(404, 'Boost not found')]);
  });

  it('given a purchase, a donation and two partial refunds, one delivered twice, when an admin lists the payments, then each once with its amount, and the statistics count each cent once', async () => {
    const by = await admin();
    const buyer = await verifiedUser(app);
    const before = await statisticsOfToday(by);
    const boost = await bought(buyer, 'mega');
    const donationSession = sessionIdOf(
      (
        (
          await apiSpec(app)
            .when((request) =>
              request.as(buyer).post('/api/donations/checkout').send({ amount: 2500 }),
            )
            .then([expectResponse(200)])
        ).body as Schema<'CheckoutUrlResponse'>
      ).url,
    );
    const donation = await payWithoutDelivery(app, donationSession);
    await deliver(app, donation.delivery).expect(200);
    // Two partial refunds of the boost's payment (Stripe sends the refunded total each time),
    // the second delivered twice.
    for (const [id, total, refunds] of [
      ['evt_r1', 300, 1],
      ['evt_r2', 999, 1],
      ['evt_r2', 999, 0],
    ] as const) {
      await apiSpec(app)
        .when(() => deliver(app, refundOf(boost.paymentId, total, 'ch_partial', id)))
        .then([
          expectResponse(200),
          expectNewEvents(
            `payment-${boost.paymentId}`,
            Array.from({ length: refunds }, () => ({ type: 'PaymentRefunded' })),
          ),
        ]);
    }

    const mine = await list(by, 'payments', `userId=${buyer.user.id}`);
    expect(mine.items.map((p) => [p.kind, p.amount, p.currency])).toEqual([
      ['donation', 2500, 'usd'],
      ['purchase', 999, 'usd'],
    ]);
    const refunds = (await list(by, 'payments', 'kind=refund&pageSize=100')).items.filter(
      (p) => p.stripePaymentId === boost.paymentId,
    );
    expect(refunds.map((p) => [p.amount, p.refundedTotal])).toEqual([
      [699, 999],
      [300, 300],
    ]);
    await apiSpec(app)
      .when((request) => request.as(by).get('/api/rtm-sys/payments?kind=gift'))
      .then([expectError(400, 'kind must be purchase, donation, refund or dispute')]);

    // The statistics count each cent once: the purchase and the donation, and 999 refunded.
    const after = await statisticsOfToday(by);
    const added = (key: keyof typeof after) => Number(after[key]) - Number(before?.[key] ?? 0);
    expect(
      Object.fromEntries(
        (
          [
            'boostsSold',
            'boostRevenue',
            'donations',
            'donationRevenue',
            'refunds',
            'refundedAmount',
          ] as const
        ).map((key) => [key, added(key)]),
      ),
    ).toEqual({
      boostsSold: 1,
      boostRevenue: 999,
      donations: 1,
      donationRevenue: 2500,
      refunds: 2,
      refundedAmount: 999,
    });
    const audit = (await list(by, 'audit', `target=${boost.paymentId}`)).items;
    expect(audit.map((e) => [e.kind, (e.changes as { amountCents: number }).amountCents])).toEqual([
      ['PaymentRefunded', 699],
      ['PaymentRefunded', 300],
    ]);
  });

  it('given an open dispute, when an admin resolves it, keeping the suspension and then lifting it, then the admin is the actor, in the audit log', async () => {
    const by = await admin();
    const buyer = await verifiedUser(app);
    const { paymentId } = await bought(buyer, 'regular');
    const disputeId = `dp_${buyer.user.id.slice(0, 8)}`;
    const dispute = signedEvent(webhookSecretOf(app), 'charge.dispute.created', {
      id: disputeId,
      object: 'dispute',
      payment_intent: paymentId,
      amount: 199,
      currency: 'usd',
      reason: 'fraudulent',
    });
    await apiSpec(app)
      .when(() => deliver(app, dispute))
      .then([
        expectResponse(200),
        expectNewEvents(`payment-account-${buyer.user.id}`, [
          {
            type: 'BoostPurchasesSuspended',
            metadata: { actor: { type: 'stripe', id: dispute.id } },
          },
        ]),
      ]);
    const [open] = (await list(by, 'payments', `kind=dispute&userId=${buyer.user.id}`)).items;
    expect(open).toMatchObject({
      id: `dispute-${disputeId}`,
      amount: 199,
      reason: 'fraudulent',
      disputeStatus: 'suspended',
      stripeDisputeId: disputeId,
    });

    const resolve = (body: Record<string, unknown>) => (request: ApiRequest) =>
      request.as(by).post(`/api/rtm-sys/payments/disputes/${disputeId}/resolve`).send(body);
    const boostCheckout = (request: ApiRequest) =>
      request.as(buyer).post('/api/boost/checkout').send({ boostType: 'regular' });
    const byTheAdmin = { actor: { type: 'admin' as const, id: by.id } };
    await apiSpec(app)
      .when(resolve({ liftSuspension: false }))
      .then([expectError(400, /reason/i)]);
    await apiSpec(app)
      .when(resolve({ reason: 'x' }))
      .then([expectError(400, 'liftSuspension must be true or false')]);
    await apiSpec(app)
      .when(resolve({ liftSuspension: false, reason: 'The bank confirms fraud' }))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({
            disputeStatus: 'kept',
            resolvedBy: ENV.ADMIN_USERNAME,
            resolutionReason: 'The bank confirms fraud',
          }),
        }),
        expectNewEvents(`payment-account-${buyer.user.id}`, [
          { type: 'BoostPurchasesSuspensionKept', metadata: byTheAdmin },
        ]),
      ]);
    await apiSpec(app)
      .when(boostCheckout)
      .then([expectError(403)]);
    await apiSpec(app)
      .when(resolve({ liftSuspension: false, reason: 'again' }))
      .then([expectError(409)]);

    await apiSpec(app)
      .when(resolve({ liftSuspension: true, reason: 'Dispute won' }))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({
            disputeStatus: 'lifted',
            resolutionReason: 'Dispute won',
          }),
        }),
        expectNewEvents(`payment-account-${buyer.user.id}`, [
          { type: 'BoostPurchasesReinstated', metadata: byTheAdmin },
        ]),
      ]);
    await apiSpec(app)
      .when(boostCheckout)
      .then([expectResponse(200)]);
    await apiSpec(app)
      .when(resolve({ liftSuspension: true, reason: 'x' }))
      .then([expectError(409, 'This dispute has already been resolved')]);
    await apiSpec(app)
      .when((request) =>
        request
          .as(by)
          .post('/api/rtm-sys/payments/disputes/dp_unknown/resolve')
          .send({ liftSuspension: true, reason: 'x' }),
      )
      .then([expectError(404, 'Dispute not found')]);

    const account = await eventsOf(app, `payment-account-${buyer.user.id}`);
    expect(account.map((e) => [e.type, e.metadata.actor])).toEqual([
      ['BoostPurchasesSuspended', { type: 'stripe', id: dispute.id }],
      ['BoostPurchasesSuspensionKept', { type: 'admin', id: by.id }],
      ['BoostPurchasesReinstated', { type: 'admin', id: by.id }],
    ]);
    const audit = (await list(by, 'audit', `target=${buyer.user.id}`)).items;
    expect(audit.map((e) => [e.kind, e.actorName, e.reason])).toEqual([
      ['BoostPurchasesReinstated', ENV.ADMIN_USERNAME, 'Dispute won'],
      ['BoostPurchasesSuspensionKept', ENV.ADMIN_USERNAME, 'The bank confirms fraud'],
      ['BoostPurchasesSuspended', dispute.id, null],
    ]);
    const disputed = (await list(by, 'audit', `target=${paymentId}`)).items;
    expect(
      disputed.map((e) => [e.kind, (e.changes as { amountCents: number }).amountCents, e.reason]),
    ).toEqual([['PaymentDisputed', 199, 'fraudulent']]);
  });

  it('given boosts running on two posts, when one is removed and the other deleted, then their boosts end: the lists, the dashboard and the buyer see it', async () => {
    const by = await admin();
    const buyer = await verifiedUser(app);
    const removed = await publishPost(app, buyer);
    const deleted = await publishPost(app, buyer);
    const onRemoved = await bought(buyer, 'mega', removed);
    const onDeleted = await bought(buyer, 'regular', deleted);
    await apiSpec(app)
      .when((request) =>
        request.as(buyer).post('/api/checkout/confirm').send({ sessionId: onRemoved.sessionId }),
      )
      .then([
        expectResponse(200, {
          body: expect.objectContaining({ status: 'paid', postId: removed, appliedToPost: true }),
        }),
      ]);
    const running = await dashboardBoosts(by);

    await apiSpec(app)
      .when((request) =>
        request.as(by).delete(`/api/rtm-sys/posts/${removed}`).send({ reason: 'Shows a face' }),
      )
      .then([
        expectResponse(200),
        expectNewEvents(`boost-${onRemoved.boostId}`, [
          { type: 'BoostExpired', data: { cause: 'post_removed' } },
        ]),
      ]);
    await apiSpec(app)
      .when((request) => request.as(buyer).delete(`/api/user/posts/${deleted}`))
      .then([
        expectResponse(200),
        expectNewEvents(`boost-${onDeleted.boostId}`, [
          { type: 'BoostExpired', data: { cause: 'post_deleted' } },
        ]),
      ]);

    const mine = await list(by, 'boosts', `userId=${buyer.user.id}`);
    expect(mine.items.map((b) => [b.id, b.state])).toEqual([
      [onDeleted.boostId, 'expired'],
      [onRemoved.boostId, 'expired'],
    ]);
    const active = await list(by, 'boosts', `status=active&userId=${buyer.user.id}`);
    expect(active.items).toEqual([]);
    expect(await dashboardBoosts(by)).toBe(running - 2);
    const { body: purchases } = await apiSpec(app)
      .when((request) => request.as(buyer).get('/api/user/purchases'))
      .then([expectResponse(200)]);
    const states = (purchases as Schema<'PurchasesPageResponse'>).items.map((item) => [
      item.state,
      item.endedEarly,
    ]);
    expect(states).toEqual([
      ['expired', 'deleted'],
      ['expired', 'removed'],
    ]);
    for (const boost of (purchases as Schema<'PurchasesPageResponse'>).items) {
      // It ended when the post went, not at the end it was bought for.
      expect(Date.parse(boost.expiresAt!)).toBeLessThanOrEqual(Date.now());
    }
    // The removal mail says what became of the boost.
    const removalMail = async () =>
      (await outbox(app)).find(
        (m) => m.to === buyer.email && m.subject === 'Your post was removed by a moderator',
      );
    await until(async () => (await removalMail()) !== undefined);
    expect((await removalMail())!.text).toContain(
      'Its running Mega Boost ended with it. Boosts are not refunded once they run',
    );
  });

  it('given a boost checkout for a post removed before payment, when it is paid, then the boost stays on the account, unused', async () => {
    const by = await admin();
    const buyer = await verifiedUser(app);
    const post = await publishPost(app, buyer);
    const sessionId = await checkout(buyer, 'regular', post);
    const { delivery } = await payWithoutDelivery(app, sessionId);

    await apiSpec(app)
      .given(() =>
        apiSpec(app)
          .when((request) =>
            request.as(by).delete(`/api/rtm-sys/posts/${post}`).send({ reason: 'Not a foot' }),
          )
          .then([expectResponse(200)]),
      )
      .when(() => deliver(app, delivery))
      .then([expectResponse(200)]);

    const mine = await list(by, 'boosts', `userId=${buyer.user.id}`);
    expect(mine.items.map((b) => [b.state, b.postId])).toEqual([['unclaimed', null]]);
    await apiSpec(app)
      .when((request) => request.as(buyer).get('/api/boosts/unclaimed'))
      .then([expectResponse(200, { body: expect.objectContaining({ count: 1 }) })]);
    // The return page hears it: paid, but not on the post.
    await apiSpec(app)
      .when((request) => request.as(buyer).post('/api/checkout/confirm').send({ sessionId }))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({ status: 'paid', postId: post, appliedToPost: false }),
        }),
      ]);
  });

  it('given a hidden post, when a boost is bought or applied for it, then it is refused and a paid one stays unused; shown again, it takes one', async () => {
    const by = await admin();
    const buyer = await verifiedUser(app);
    const post = await publishPost(app, buyer);
    const sessionId = await checkout(buyer, 'mega', post);
    const setPublic = (isPublic: boolean) =>
      apiSpec(app)
        .when((request) =>
          request
            .as(by)
            .patch(`/api/rtm-sys/posts/${post}`)
            .send({ isPublic, reason: 'Checking it' }),
        )
        .then([expectResponse(200)]);
    const { delivery } = await payWithoutDelivery(app, sessionId);
    const refusal = 'A boost can start only on a post that is on the leaderboard';

    await apiSpec(app)
      .given(
        () => setPublic(false),
        () => deliver(app, delivery).expect(200),
      )
      .when((request) =>
        request.as(buyer).post(`/api/posts/${post}/boost`).send({ boostType: 'regular' }),
      )
      .then([expectError(409, refusal)]);
    await apiSpec(app)
      .when((request) => request.as(buyer).post(`/api/posts/${post}/apply-boost`))
      .then([expectError(409, refusal), expectNoNewEvents(`post-boost-${post}`)]);
    const unused = await list(by, 'boosts', `userId=${buyer.user.id}`);
    expect(unused.items.map((b) => [b.state, b.postId])).toEqual([['unclaimed', null]]);

    await setPublic(true);
    await apiSpec(app)
      .when((request) => request.as(buyer).post(`/api/posts/${post}/apply-boost`))
      .then([
        expectResponse(200, { body: { boostType: 'mega' } }),
        expectNewEvents(`post-boost-${post}`, [{ type: 'PostBoostClaimed' }]),
      ]);
    const applied = await list(by, 'boosts', `userId=${buyer.user.id}`);
    expect(applied.items.map((b) => [b.state, b.postId])).toEqual([['active', post]]);
  });

  it('given boosts, payments, a refund and a dispute, when the read models are rebuilt, then the payments list, the boosts list, the audit log and the statistics read the same', async () => {
    const buyer = await verifiedUser(app);
    const boost = await bought(buyer, 'mega');
    await bought(buyer, 'regular');
    await deliver(app, refundOf(boost.paymentId, 300, 'ch_rebuilt', 'evt_rebuilt')).expect(200);
    // The admin's session is in the log too: the same cookie still works after the rebuild.
    const login = await apiSpec(app)
      .when((request) =>
        request
          .post('/api/rtm-sys/login')
          .send({ username: ENV.ADMIN_USERNAME, password: ENV.ADMIN_PASSWORD }),
      )
      .then([expectResponse(200)]);
    const cookie = sessionCookieOf(login.headers['set-cookie'], 'admin_sid');
    const read = async () => {
      const pages: string[] = [];
      for (const path of [
        'payments?pageSize=100',
        'boosts?pageSize=100',
        'audit?pageSize=100',
        'statistics',
      ]) {
        const page = await apiSpec(app)
          .when((request) => request.get(`/api/rtm-sys/${path}`).set('Cookie', cookie))
          .then([expectResponse(200)]);
        pages.push(page.text);
      }
      return pages;
    };
    const before = await read();
    expect(before[1]).toContain(boost.boostId);

    const dataDir = app.dataDir;
    await app.app.close();
    await rebuildReadModels(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    app = await startTestApp(ENV, dataDir);

    expect(await read()).toEqual(before);
  });
});
