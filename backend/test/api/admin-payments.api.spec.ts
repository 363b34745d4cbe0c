import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { rebuildReadModels } from '../../src/cli/rebuild-read-models';
import { loadConfig } from '../../src/config/config';
import { eventsOf, outbox, type RegisteredUser, sessionCookieOf } from '../support/accounts';
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
  let cookie: string;
  let adminId: string;

  const as = (c = cookie) => ({
    get: (path: string) => request(app.server).get(`/api/rtm-sys${path}`).set('Cookie', c),
    post: (path: string) => request(app.server).post(`/api/rtm-sys${path}`).set('Cookie', c),
  });
  const list = async <Kind extends keyof Pages>(kind: Kind, query: string) =>
    (await as().get(`/${kind}?${query}`).expect(200)).body as Pages[Kind];

  /** A boost bought through a signed webhook: its id and payment. */
  async function bought(buyer: RegisteredUser, boostType: 'regular' | 'mega', postId?: string) {
    const { body } = postId
      ? await buyer.agent.post(`/api/posts/${postId}/boost`).send({ boostType }).expect(200)
      : await buyer.agent.post('/api/boost/checkout').send({ boostType }).expect(200);
    const sessionId = sessionIdOf(
      (body as { url?: string; checkoutUrl?: string }).url ?? body.checkoutUrl,
    );
    const { delivery, paymentId } = await payWithoutDelivery(app, sessionId);
    await deliver(app, delivery).expect(200);
    const completed = (await eventsOf(app, `checkout-${sessionId}`)).find(
      (e) => e.type === 'CheckoutSessionCompleted',
    );
    return { boostId: (completed!.data as { boostId: string }).boostId, paymentId, sessionId };
  }

  beforeAll(async () => {
    app = await startTestApp(ENV);
    const response = await request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username: ENV.ADMIN_USERNAME, password: ENV.ADMIN_PASSWORD })
      .expect(200);
    cookie = sessionCookieOf(response.headers['set-cookie'], 'admin_sid');
    adminId = (response.body as Schema<'AdminResponse'>).id;
  });
  afterAll(() => app.close());

  it('opens to an admin session only', async () => {
    const member = await verifiedUser(app);
    for (const path of ['/boosts', '/boosts/x/receipt', '/payments']) {
      await request(app.server).get(`/api/rtm-sys${path}`).expect(401);
      await member.agent.get(`/api/rtm-sys${path}`).expect(401);
    }
    await member.agent
      .post('/api/rtm-sys/payments/disputes/dp_x/resolve')
      .send({ liftSuspension: true, reason: 'x' })
      .expect(401);
  });

  it('lists every boost with its state, filtered, paginated, and counts the running ones', async () => {
    const buyer = await verifiedUser(app);
    const post = await publishPost(app, buyer);
    const unclaimed = await bought(buyer, 'regular');
    const running = await bought(buyer, 'mega', post);
    const withdrawn = await bought(buyer, 'regular');
    const refund = signedEvent(webhookSecretOf(app), 'charge.refunded', {
      id: 'ch_admin_refund',
      object: 'charge',
      payment_intent: withdrawn.paymentId,
      amount_refunded: 199,
      currency: 'usd',
    });
    await deliver(app, refund).expect(200);

    const mine = await list('boosts', `userId=${buyer.user.id}`);
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
      const page = await list('boosts', `status=${status}&userId=${buyer.user.id}`);
      expect(page.items.map((b) => b.id)).toEqual(ids);
    }
    const byPost = await list('boosts', `postId=${post}`);
    expect(byPost.items.map((b) => b.id)).toEqual([running.boostId]);
    const second = await list('boosts', `userId=${buyer.user.id}&pageSize=2&page=2`);
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((b) => b.id)).toEqual([unclaimed.boostId]);

    expect(
      ((await as().get('/dashboard').expect(200)).body as Schema<'DashboardCountsResponse'>).boosts,
    ).toBe(1);

    const bad = await as().get('/boosts?status=lost').expect(400);
    expect(bad.body).toEqual({
      message: 'status must be all, unclaimed, active, expired, withdrawn or refunded',
    });
    await as().get('/boosts?userId=nope').expect(400);
  });

  it('opens the receipt the local checkout issued: a printable page with amount, date, item and number', async () => {
    const buyer = await verifiedUser(app);
    const { boostId, sessionId } = await bought(buyer, 'mega');
    const answer = await as().get(`/boosts/${boostId}/receipt`).expect(200);
    const { receiptUrl } = answer.body as Schema<'ReceiptResponse'>;
    expect(receiptUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/receipts\/rcpt_[A-Za-z0-9_-]{22}$/);
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

    const page = await request(app.server).get(new URL(receiptUrl).pathname).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
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
    await request(app.server).get('/receipts/rcpt_AAAAAAAAAAAAAAAAAAAAAA').expect(404);
    await request(app.server).get('/receipts/anything').expect(404);
  });

  it('answers 404 with a message for a payment that gave no receipt, or a boost that is not there', async () => {
    const buyer = await verifiedUser(app);
    // A session paid before the local checkout issued receipts: none is recorded.
    const { body } = await buyer.agent
      .post('/api/boost/checkout')
      .send({ boostType: 'regular' })
      .expect(200);
    const sessionId = sessionIdOf((body as Schema<'CheckoutUrlResponse'>).url);
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
    const boostId = (
      (await eventsOf(app, `checkout-${sessionId}`)).find(
        (e) => e.type === 'CheckoutSessionCompleted',
      )!.data as { boostId: string }
    ).boostId;
    const none = await as().get(`/boosts/${boostId}/receipt`).expect(404);
    expect(none.body).toEqual({ message: 'No receipt is available for this boost' });
    const unknown = await as()
      .get('/boosts/00000000-0000-4000-8000-000000000000/receipt')
      .expect(404);
    expect(unknown.body).toEqual({ message: 'Boost not found' });
  });

  it('lists purchases, donations, refunds and disputes once each, with amounts', async () => {
    const buyer = await verifiedUser(app);
    const boost = await bought(buyer, 'mega');
    const { body } = await buyer.agent
      .post('/api/donations/checkout')
      .send({ amount: 2500 })
      .expect(200);
    const donationSession = sessionIdOf((body as Schema<'CheckoutUrlResponse'>).url);
    const donation = await payWithoutDelivery(app, donationSession);
    await deliver(app, donation.delivery).expect(200);
    // Two partial refunds of the boost's payment (Stripe sends the refunded total each time),
    // the second delivered twice.
    for (const [id, total] of [
      ['evt_r1', 300],
      ['evt_r2', 999],
      ['evt_r2', 999],
    ] as const) {
      const refund = signedEvent(
        webhookSecretOf(app),
        'charge.refunded',
        {
          id: 'ch_partial',
          object: 'charge',
          payment_intent: boost.paymentId,
          amount_refunded: total,
          currency: 'usd',
        },
        id,
      );
      await deliver(app, refund).expect(200);
    }

    const mine = await list('payments', `userId=${buyer.user.id}`);
    expect(mine.items.map((p) => [p.kind, p.amount, p.currency])).toEqual([
      ['donation', 2500, 'usd'],
      ['purchase', 999, 'usd'],
    ]);
    const refunds = (await list('payments', 'kind=refund&pageSize=100')).items.filter(
      (p) => p.stripePaymentId === boost.paymentId,
    );
    expect(refunds.map((p) => [p.amount, p.refundedTotal])).toEqual([
      [699, 999],
      [300, 300],
    ]);
    expect((await as().get('/payments?kind=gift').expect(400)).body).toEqual({
      message: 'kind must be purchase, donation, refund or dispute',
    });

    // The statistics count each cent once: the purchase and the donation, and 999 refunded.
    const today = new Date().toISOString().slice(0, 10);
    const stats = (await as().get(`/statistics?from=${today}&to=${today}`).expect(200))
      .body as Schema<'StatisticsResponse'>;
    // So far in this file: boosts of 199, 999, 199, 999 (the receipt's) and 199 (the withdrawn
    // one refunded), then 999 and a donation of 2500, refunded 300 and then 699 more.
    expect(stats.days[0]).toMatchObject({
      boostsSold: 6,
      boostRevenue: 3594,
      donations: 1,
      donationRevenue: 2500,
      refunds: 3,
      refundedAmount: 1198,
    });
    const audit = (await list('audit', `target=${boost.paymentId}`)).items;
    expect(audit.map((e) => [e.kind, (e.changes as { amountCents: number }).amountCents])).toEqual([
      ['PaymentRefunded', 699],
      ['PaymentRefunded', 300],
    ]);
  });

  it('resolves a dispute: keeps the suspension, then lifts it, the admin the actor, in the audit log', async () => {
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
    await deliver(app, dispute).expect(200);
    const [open] = (await list('payments', `kind=dispute&userId=${buyer.user.id}`)).items;
    expect(open).toMatchObject({
      id: `dispute-${disputeId}`,
      amount: 199,
      reason: 'fraudulent',
      disputeStatus: 'suspended',
      stripeDisputeId: disputeId,
    });

    const resolve = (body: Record<string, unknown>) =>
      as().post(`/payments/disputes/${disputeId}/resolve`).send(body);
    expect((await resolve({ liftSuspension: false }).expect(400)).body).toEqual({
      message: expect.stringMatching(/reason/i),
    });
    expect((await resolve({ reason: 'x' }).expect(400)).body).toEqual({
      message: 'liftSuspension must be true or false',
    });
    const kept = await resolve({ liftSuspension: false, reason: 'The bank confirms fraud' }).expect(
      200,
    );
    expect(kept.body).toMatchObject({
      disputeStatus: 'kept',
      resolvedBy: ENV.ADMIN_USERNAME,
      resolutionReason: 'The bank confirms fraud',
    });
    await buyer.agent.post('/api/boost/checkout').send({ boostType: 'regular' }).expect(403);
    await resolve({ liftSuspension: false, reason: 'again' }).expect(409);

    const lifted = await resolve({ liftSuspension: true, reason: 'Dispute won' }).expect(200);
    expect(lifted.body).toMatchObject({ disputeStatus: 'lifted', resolutionReason: 'Dispute won' });
    await buyer.agent.post('/api/boost/checkout').send({ boostType: 'regular' }).expect(200);
    expect((await resolve({ liftSuspension: true, reason: 'x' }).expect(409)).body).toEqual({
      message: 'This dispute has already been resolved',
    });
    expect(
      (
        await as()
          .post('/payments/disputes/dp_unknown/resolve')
          .send({ liftSuspension: true, reason: 'x' })
          .expect(404)
      ).body,
    ).toEqual({
      message: 'Dispute not found',
    });

    const account = await eventsOf(app, `payment-account-${buyer.user.id}`);
    expect(account.map((e) => [e.type, e.metadata.actor])).toEqual([
      ['BoostPurchasesSuspended', { type: 'stripe', id: dispute.id }],
      ['BoostPurchasesSuspensionKept', { type: 'admin', id: adminId }],
      ['BoostPurchasesReinstated', { type: 'admin', id: adminId }],
    ]);
    const audit = (await list('audit', `target=${buyer.user.id}`)).items;
    expect(audit.map((e) => [e.kind, e.actorName, e.reason])).toEqual([
      ['BoostPurchasesReinstated', ENV.ADMIN_USERNAME, 'Dispute won'],
      ['BoostPurchasesSuspensionKept', ENV.ADMIN_USERNAME, 'The bank confirms fraud'],
      ['BoostPurchasesSuspended', dispute.id, null],
    ]);
    const disputed = (await list('audit', `target=${paymentId}`)).items;
    expect(
      disputed.map((e) => [e.kind, (e.changes as { amountCents: number }).amountCents, e.reason]),
    ).toEqual([['PaymentDisputed', 199, 'fraudulent']]);
  });

  it('ends the boost of a post removed or deleted: the lists, the dashboard and the buyer see it ended', async () => {
    const buyer = await verifiedUser(app);
    const removed = await publishPost(app, buyer);
    const deleted = await publishPost(app, buyer);
    const onRemoved = await bought(buyer, 'mega', removed);
    const onDeleted = await bought(buyer, 'regular', deleted);
    const { body: confirmed } = await buyer.agent
      .post('/api/checkout/confirm')
      .send({ sessionId: onRemoved.sessionId })
      .expect(200);
    expect(confirmed).toMatchObject({ status: 'paid', postId: removed, appliedToPost: true });
    const dashboard = async () =>
      ((await as().get('/dashboard').expect(200)).body as Schema<'DashboardCountsResponse'>).boosts;
    const running = await dashboard();

    await request(app.server)
      .delete(`/api/rtm-sys/posts/${removed}`)
      .set('Cookie', cookie)
      .send({ reason: 'Shows a face' })
      .expect(200);
    await buyer.agent.delete(`/api/user/posts/${deleted}`).expect(200);

    const mine = await list('boosts', `userId=${buyer.user.id}`);
    expect(mine.items.map((b) => [b.id, b.state])).toEqual([
      [onDeleted.boostId, 'expired'],
      [onRemoved.boostId, 'expired'],
    ]);
    const active = await list('boosts', `status=active&userId=${buyer.user.id}`);
    expect(active.items).toEqual([]);
    expect(await dashboard()).toBe(running - 2);
    const { body: purchases } = await buyer.agent.get('/api/user/purchases').expect(200);
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
    const ended = (await app.events.readAll()).filter((e) => e.type === 'BoostExpired');
    expect(
      ended
        .map((e) => e.data as { boostId: string; cause?: string })
        .filter((data) => [onRemoved.boostId, onDeleted.boostId].includes(data.boostId))
        .map((data) => [data.boostId, data.cause]),
    ).toEqual([
      [onRemoved.boostId, 'post_removed'],
      [onDeleted.boostId, 'post_deleted'],
    ]);
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

  it('keeps a boost paid for a post removed meanwhile on the account, unused', async () => {
    const buyer = await verifiedUser(app);
    const post = await publishPost(app, buyer);
    const { body } = await buyer.agent
      .post(`/api/posts/${post}/boost`)
      .send({ boostType: 'regular' })
      .expect(200);
    const sessionId = sessionIdOf((body as Schema<'PostCheckoutUrlResponse'>).checkoutUrl);
    await request(app.server)
      .delete(`/api/rtm-sys/posts/${post}`)
      .set('Cookie', cookie)
      .send({ reason: 'Not a foot' })
      .expect(200);
    const { delivery } = await payWithoutDelivery(app, sessionId);
    await deliver(app, delivery).expect(200);

    const mine = await list('boosts', `userId=${buyer.user.id}`);
    expect(mine.items.map((b) => [b.state, b.postId])).toEqual([['unclaimed', null]]);
    const { body: unused } = await buyer.agent.get('/api/boosts/unclaimed').expect(200);
    expect((unused as Schema<'UnclaimedBoostsResponse'>).count).toBe(1);
    // The return page hears it: paid, but not on the post.
    const { body: confirmed } = await buyer.agent
      .post('/api/checkout/confirm')
      .send({ sessionId })
      .expect(200);
    expect(confirmed).toMatchObject({ status: 'paid', postId: post, appliedToPost: false });
  });

  it('starts no boost on a hidden post: refused, a paid one stays unused; shown again, it takes one', async () => {
    const buyer = await verifiedUser(app);
    const post = await publishPost(app, buyer);
    const { body } = await buyer.agent
      .post(`/api/posts/${post}/boost`)
      .send({ boostType: 'mega' })
      .expect(200);
    const sessionId = sessionIdOf((body as Schema<'PostCheckoutUrlResponse'>).checkoutUrl);
    const setPublic = (isPublic: boolean) =>
      request(app.server)
        .patch(`/api/rtm-sys/posts/${post}`)
        .set('Cookie', cookie)
        .send({ isPublic, reason: 'Checking it' })
        .expect(200);
    await setPublic(false);

    const { delivery } = await payWithoutDelivery(app, sessionId);
    await deliver(app, delivery).expect(200);
    const refusal = { message: 'A boost can start only on a post that is on the leaderboard' };
    const buy = await buyer.agent
      .post(`/api/posts/${post}/boost`)
      .send({ boostType: 'regular' })
      .expect(409);
    expect(buy.body).toMatchObject(refusal);
    const apply = await buyer.agent.post(`/api/posts/${post}/apply-boost`).expect(409);
    expect(apply.body).toMatchObject(refusal);
    const unused = await list('boosts', `userId=${buyer.user.id}`);
    expect(unused.items.map((b) => [b.state, b.postId])).toEqual([['unclaimed', null]]);

    await setPublic(true);
    await buyer.agent.post(`/api/posts/${post}/apply-boost`).expect(200, { boostType: 'mega' });
    const applied = await list('boosts', `userId=${buyer.user.id}`);
    expect(applied.items.map((b) => [b.state, b.postId])).toEqual([['active', post]]);
  });

  it('rebuilds the payments list, the boosts list, the audit log and the statistics identically', async () => {
    const read = async () => [
      (await as().get('/payments?pageSize=100').expect(200)).text,
      (await as().get('/boosts?pageSize=100').expect(200)).text,
      (await as().get('/audit?pageSize=100').expect(200)).text,
      (await as().get('/statistics').expect(200)).text,
    ];
    const before = await read();
    const dataDir = app.dataDir;
    await app.app.close();
    await rebuildReadModels(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    app = await startTestApp(ENV, dataDir);
    // The admin's session is in the log too: the same cookie still works.
    const after = await read();
    expect(after).toEqual(before);
  });
});
