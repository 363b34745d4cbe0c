import request from 'supertest';
import {
  type CountedRequest,
  type RequestRoundTrips,
  ROUND_TRIPS,
} from '../../src/infrastructure/round-trips/request-round-trips';
import { publishPost, verifiedUser } from '../support/community';
import { deliver, payWithoutDelivery, sessionIdOf } from '../support/payments';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

/**
 * `headPosition()` reads `$all` backwards on EventStoreDB: no request asks for it. A webhook
 * waits for what the fulfilment reactor appended, an erasure for its own writes, and readiness
 * probes share one read of the head every few seconds.
 */
describe('the log head off request paths', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '100000', ...ROOMY_WRITE_LIMITS });
  });
  afterAll(() => app.close());

  /** Sends one request, answering how often the log's head was asked for meanwhile. */
  async function headReadsDuring(send: () => PromiseLike<unknown>) {
    const seen: CountedRequest[] = [];
    const stop = app.app.get<RequestRoundTrips>(ROUND_TRIPS).watch((r) => seen.push(r));
    const head = jest.spyOn(app.events, 'headPosition');
    try {
      await send();
      return { calls: head.mock.calls.length, counted: seen };
    } finally {
      head.mockRestore();
      stop();
    }
  }

  it('a signed webhook waits for the fulfilment without asking the log for its head', async () => {
    const buyer = await verifiedUser(app);
    const { body } = await buyer.agent
      .post('/api/boost/checkout')
      .send({ boostType: 'regular' })
      .expect(200);
    const { delivery } = await payWithoutDelivery(
      app,
      sessionIdOf((body as Schema<'CheckoutUrlResponse'>).url),
    );

    const webhook = await headReadsDuring(() => deliver(app, delivery).expect(200));

    expect(webhook.calls).toBe(0);
    expect(webhook.counted).toHaveLength(1);
    expect(webhook.counted[0].roundTrips).toBeLessThanOrEqual(6);
    // The purchase is shown to the buyer at once.
    const purchases = await buyer.agent.get('/api/user/purchases').expect(200);
    expect(JSON.stringify(purchases.body)).toContain('regular');
  });

  it('readiness probes share one read of the head: the probes after the first read none', async () => {
    await request(app.server).get('/api/health').expect(200);

    const probes = await headReadsDuring(async () => {
      for (let i = 0; i < 5; i += 1) await request(app.server).get('/api/health').expect(200);
    });

    expect(probes.calls).toBe(0);
    expect(probes.counted.map((probe) => probe.calls['eventStore.headPosition'])).toEqual(
      Array(5).fill(undefined),
    );
  });

  it('an erasure waits for its own writes, never for the log’s head', async () => {
    const member = await verifiedUser(app);
    const postId = await publishPost(app, member);

    const erasure = await headReadsDuring(() =>
      member.agent.delete('/api/user').send({ password: member.password }).expect(200),
    );

    expect(erasure.calls).toBe(0);
    await request(app.server).get(`/api/posts/${postId}`).expect(404);
  });
});
