import request from 'supertest';
import { publishPost, verifiedUser } from '../support/community';
import {
  deliver,
  payWithoutDelivery,
  sessionIdOf,
  signedEvent,
  webhookSecretOf,
} from '../support/payments';
import { scrape, type Scrape } from '../support/prometheus-text';
import { startTestApp, type TestApp } from '../support/test-app';
import { fakeFrontend } from '../support/fake-frontend';
import type { Schema } from '../support/api-types';

const TOKEN = 'metrics-token-0123456789abcdef0123456789abcdef';
const RATER_BUDGET = 40;

/** Scrapes until `settled` holds (the reactors and projections catch up on their own). */
async function scrapeUntil(app: TestApp, settled: (scrape: Scrape) => boolean): Promise<Scrape> {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await scrape(app, TOKEN);
    if (settled(answer) || attempt >= 300) return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('metrics', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({
      METRICS_TOKEN: TOKEN,
      RATER_CALLS_PER_HOUR: String(RATER_BUDGET),
      UPLOAD_LIMIT_PER_HOUR: '100000',
      PUBLIC_URL: 'http://127.0.0.1:3000',
    });
  });
  afterAll(() => app.close());

  it('counts requests by route template, appends, rater calls, checkouts, webhooks and mail, and the lag falls to 0', async () => {
    const before = await scrape(app, TOKEN);
    const headBefore = (await app.events.headPosition()) ?? 0n;

    const buyer = await verifiedUser(app);
    const postId = await publishPost(app, buyer);
    for (let i = 0; i < 3; i += 1)
      await request(app.server).get(`/api/posts/${postId}`).expect(200);
    await request(app.server).get('/api/posts/no-such-post').expect(404);
    const { body } = await buyer.agent
      .post('/api/boost/checkout')
      .send({ boostType: 'regular' })
      .expect(200);
    const { delivery } = await payWithoutDelivery(
      app,
      sessionIdOf((body as Schema<'CheckoutUrlResponse'>).url),
    );
    await deliver(app, delivery).expect(200);
    await deliver(app, { ...delivery, signature: 't=1,v1=forged' }).expect(400);
    const wronglySigned = signedEvent('whsec_wrong_secret', 'customer.created', { id: 'cus_1' });
    await deliver(app, wronglySigned).expect(400);
    const unhandled = signedEvent(webhookSecretOf(app), 'customer.created', { id: 'cus_1' });
    await deliver(app, unhandled).expect(200);

    const after = await scrapeUntil(app, (s) =>
      s.find('solescore_subscription_lag_events').every((lag) => lag.value === 0),
    );
    const grew = (name: string, labels?: Record<string, string>) =>
      after.sum(name, labels) - before.sum(name, labels);

    // Routes are templates with their controller's prefix: no id ever becomes a label.
    const postReads = { method: 'GET', route: '/api/posts/:id' };
    expect(grew('http_request_duration_seconds_count', { ...postReads, status: '200' })).toBe(3);
    expect(grew('http_request_duration_seconds_count', { ...postReads, status: '404' })).toBe(1);
    expect(
      grew('http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/stripe/webhook',
        status: '400',
      }),
    ).toBe(2);
    expect(grew('http_request_duration_seconds_count', { route: '/api/* (no route)' })).toBe(0);
    expect(after.samples.some((s) => Object.values(s.labels).some((v) => v.includes(postId)))).toBe(
      false,
    );

    // Every event appended is counted once, by its stream's category.
    const head = (await app.events.headPosition()) ?? 0n;
    expect(grew('solescore_events_appended_total')).toBe(Number(head - headBefore));
    expect(grew('solescore_events_appended_total', { category: 'post' })).toBeGreaterThanOrEqual(1);
    expect(
      grew('solescore_events_appended_total', { category: 'checkout' }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      grew('solescore_event_append_duration_seconds_count', { category: 'post', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);

    // The projections and every reactor of this process, caught up.
    const lags = after.find('solescore_subscription_lag_events');
    expect(lags.map((lag) => lag.labels.subscriber)).toEqual(
      expect.arrayContaining(['read-models', 'reactor:payments', 'reactor:notifications']),
    );

    expect(grew('solescore_rater_calls_total', { outcome: 'rated' })).toBe(1);
    expect(after.sum('solescore_rater_budget_remaining')).toBe(
      RATER_BUDGET - after.sum('solescore_rater_calls_total', { outcome: 'rated' }),
    );
    expect(grew('solescore_checkout_sessions_total', { outcome: 'created' })).toBe(1);
    expect(grew('solescore_payment_webhooks_total', { outcome: 'recorded' })).toBe(1);
    expect(grew('solescore_payment_webhooks_total', { outcome: 'invalid_signature' })).toBe(2);
    expect(grew('solescore_payment_webhooks_total', { outcome: 'ignored' })).toBe(1);
    expect(grew('solescore_mails_total', { outcome: 'sent' })).toBeGreaterThanOrEqual(1);
    expect(grew('solescore_mails_total', { outcome: 'failed' })).toBe(0);

    for (const family of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(after.families).toContain(family);
    }
  });

  it('answers the same 404 as an unknown api path without the right bearer token', async () => {
    const unknown = await request(app.server).get('/api/no-such-route').expect(404);
    expect(unknown.body).toEqual({ message: 'Cannot GET /api/no-such-route' });
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789abcdef0123456789abcdef',
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const answer = request(app.server).get('/metrics');
      if (authorization) answer.set('Authorization', authorization);
      const { body } = await answer.expect(404).expect('Content-Type', /json/);
      expect(body).toEqual({ message: 'Cannot GET /metrics' });
    }
    const scraped = await request(app.server)
      .get('/metrics')
      .set('Authorization', `bearer ${TOKEN}`)
      .expect(200)
      .expect('Cache-Control', 'no-store');
    expect(scraped.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // Paths no route answers share one label each by kind; refused scrapes are counted too.
    const counted = await scrape(app, TOKEN);
    const count = (route: string, status: string) =>
      counted.sum('http_request_duration_seconds_count', { method: 'GET', route, status });
    expect(count('/api/* (no route)', '404')).toBeGreaterThanOrEqual(1);
    expect(count('/metrics', '404')).toBeGreaterThanOrEqual(5);
    expect(counted.samples.some((s) => s.labels.route === '/api/no-such-route')).toBe(false);
  });
});

describe('metrics without a token configured', () => {
  let app: TestApp;
  const frontendDir = fakeFrontend(
    '<!doctype html><html><head><title>SoleScore</title></head><body></body></html>',
  );

  beforeAll(async () => {
    app = await startTestApp({ FRONTEND_DIR: frontendDir });
  });
  afterAll(() => app.close());

  it('does not exist: 404 with or without a token, never the app page', async () => {
    await request(app.server).get('/leaderboard').expect(200).expect('Content-Type', /html/);
    for (const authorization of [undefined, `Bearer ${TOKEN}`, 'Bearer ']) {
      const answer = request(app.server).get('/metrics');
      if (authorization) answer.set('Authorization', authorization);
      const { body } = await answer.expect(404).expect('Content-Type', /json/);
      expect(body).toEqual({ message: 'Cannot GET /metrics' });
    }
  });
});
