import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiSpec, expectError, expectResponse } from '../support/api-specification';
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
import { NotificationReactor } from '../../src/application/community/notification-reactor';
import { outbox, type RegisteredUser } from '../support/accounts';
import { until } from '../support/until';
import type { Schema } from '../support/api-types';

const ENV = { UPLOAD_LIMIT_PER_HOUR: '100000', PUBLIC_URL: 'http://127.0.0.1:3000' };

/** Starts a checkout and pays it, its webhook delivered: answers the payment id. */
async function pay(app: TestApp, url: string): Promise<string> {
  const { delivery, paymentId } = await payWithoutDelivery(app, sessionIdOf(url));
  await deliver(app, delivery).expect(200);
  return paymentId;
}

async function buyBoost(app: TestApp, user: RegisteredUser, boostType: 'regular' | 'mega') {
  const { body } = await user.agent.post('/api/boost/checkout').send({ boostType }).expect(200);
  return pay(app, (body as Schema<'CheckoutUrlResponse'>).url);
}

type PurchasesPage = Schema<'PurchasesPageResponse'>;

async function donate(app: TestApp, user: RegisteredUser, amount: number) {
  const { body } = await user.agent.post('/api/donations/checkout').send({ amount }).expect(200);
  return pay(app, (body as Schema<'CheckoutUrlResponse'>).url);
}

describe('GET /api/user/purchases', () => {
  const clock = new TestClock();
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(ENV, mkdtempSync(join(tmpdir(), 'purchases-')), { clock });
  });
  afterAll(() => app.close());

  const purchasesOf = (user: RegisteredUser, query = '') =>
    apiSpec(app).when((request) => request.as(user).get(`/api/user/purchases${query}`));

  it('given boosts and a donation bought by a member and a boost by another, when the member lists their purchases, then only theirs, newest first, with state and receipt', async () => {
    const [buyer, someoneElse] = [await verifiedUser(app), await verifiedUser(app)];
    let post = '';

    const { body } = await apiSpec(app)
      .given(
        () => buyBoost(app, someoneElse, 'regular'),
        () => buyBoost(app, buyer, 'regular'),
        async () => clock.advance(1000),
        () => buyBoost(app, buyer, 'mega'),
        async () => clock.advance(1000),
        async () => {
          const donationPayment = await donate(app, buyer, 1250);
          // The regular boost (the oldest unused) goes on a post.
          post = await publishPost(app, buyer);
          await buyer.agent.post(`/api/posts/${post}/apply-boost`).expect(200);
          // Half the donation comes back.
          const refund = signedEvent(webhookSecretOf(app), 'charge.refunded', {
            id: 'ch_donation_half',
            object: 'charge',
            payment_intent: donationPayment,
            amount_refunded: 625,
            currency: 'usd',
            receipt_url: 'https://pay.stripe.com/receipts/refund',
          });
          await deliver(app, refund).expect(200);
        },
      )
      .when((request) => request.as(buyer).get('/api/user/purchases'))
      .then([expectResponse(200, { body: expect.objectContaining({ total: 3 }) })]);

    const page = body as PurchasesPage;
    expect(page.items.map((p) => [p.kind, p.boostType, p.amount, p.state, p.refunded])).toEqual([
      ['donation', null, '12.50', 'refunded', '6.25'],
      ['boost', 'mega', '9.99', 'unused', '0.00'],
      ['boost', 'regular', '1.99', 'active', '0.00'],
    ]);
    expect(page.items[2].postId).toBe(post);
    for (const item of page.items) {
      expect(item.receiptUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/receipts\/rcpt_/);
    }

    // A day later the regular boost has run its 24 hours.
    clock.advance(DAY_MS + 60_000);
    const later = await purchasesOf(buyer).then([expectResponse(200)]);
    expect((later.body as PurchasesPage).items[2].state).toBe('expired');

    const second = await purchasesOf(buyer, '?page=2&pageSize=2').then([
      expectResponse(200, { body: expect.objectContaining({ total: 3, page: 2, pageSize: 2 }) }),
    ]);
    expect((second.body as PurchasesPage).items.map((p) => p.boostType)).toEqual(['regular']);

    const theirs = await purchasesOf(someoneElse).then([expectResponse(200)]);
    expect((theirs.body as PurchasesPage).items.map((p) => p.boostType)).toEqual(['regular']);
  });

  it('given a boost whose webhook came twice and a donation, when the receipts are mailed, then each goes to its buyer once: what was bought, the amount, the date and the receipt', async () => {
    const [buyer, bystander] = [await verifiedUser(app), await verifiedUser(app)];

    const { body } = await apiSpec(app)
      .given(
        async () => {
          const { body } = await buyer.agent
            .post('/api/boost/checkout')
            .send({ boostType: 'regular' })
            .expect(200);
          const { delivery } = await payWithoutDelivery(
            app,
            sessionIdOf((body as Schema<'CheckoutUrlResponse'>).url),
          );
          await deliver(app, delivery).expect(200);
          // Stripe delivers at least once: the same event again mails nothing more.
          await deliver(app, delivery).expect(200);
        },
        () => donate(app, buyer, 1250),
      )
      .when((request) => request.as(buyer).get('/api/user/purchases'))
      .then([expectResponse(200, { body: expect.objectContaining({ total: 2 }) })]);

    const receiptsTo = async (user: RegisteredUser) =>
      (await outbox(app)).filter((m) => m.to === user.email && m.subject.includes('receipt'));
    await until(async () => (await receiptsTo(buyer)).length >= 2);
    const [donated, boosted] = await receiptsTo(buyer);
    expect(boosted.subject).toBe('Your SoleScore receipt: Regular Boost — 24 hours, $1.99');
    expect(boosted.text).toContain('Item: Regular Boost — 24 hours');
    expect(boosted.text).toContain('Amount: $1.99');
    const day = clock.now().toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(boosted.text).toContain(`Date: ${day}, `);
    expect(boosted.text).toMatch(/Receipt number: \d{4}-\d{4}-\d{4}/);
    expect(boosted.text).toMatch(/Receipt: http:\/\/127\.0\.0\.1:3000\/receipts\/rcpt_/);
    expect(donated.subject).toBe('Your SoleScore receipt: Donation, $12.50');
    expect(donated.text).toContain('Amount: $12.50');
    expect((body as PurchasesPage).items.map((p) => p.receiptUrl).sort()).toEqual(
      [donated.text, boosted.text].map((text) => /Receipt: (\S+)/.exec(text)?.[1]).sort(),
    );
    expect(await receiptsTo(bystander)).toEqual([]);
    // Once the mail reactor has read everything logged: still two receipts, not three.
    const head = (await app.events.headPosition()) ?? 0n;
    const reactor = app.app.get(NotificationReactor);
    await until(() => (reactor.handledThrough ?? -1n) >= head);
    expect(await receiptsTo(buyer)).toHaveLength(2);
  });

  it('given a member who bought nothing, when they list their purchases, then an empty list', async () => {
    const member = await verifiedUser(app);

    await purchasesOf(member).then([
      expectResponse(200, { body: { items: [], total: 0, page: 1, pageSize: 10 } }),
    ]);
  });

  it('given a visitor, when they list purchases, then 401 with a message', async () => {
    await apiSpec(app)
      .when((request) => request.get('/api/user/purchases'))
      .then([expectError(401)]);
  });

  it.each(['?page=0', '?pageSize=101', '?page=abc'])(
    'given a member, when they ask for the malformed page %p, then 400 with a message about the page',
    async (query) => {
      const member = await verifiedUser(app);

      await purchasesOf(member, query).then([expectError(400, /page/)]);
    },
  );
});
