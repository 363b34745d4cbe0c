import request from 'supertest';
import type { RecordedEvent } from '../../src/domain/shared/event';
import { publishPost, verifiedUser } from '../support/community';
import { sessionIdOf } from '../support/payments';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import type { Schema } from '../support/api-types';

/** The export's content: the document describes it as a JSON object only, with no fields. */
interface Exported {
  likes: { target: string; targetId: string; postId: string; likedAt: string }[];
  ratingsGiven: { postId: string; score: number; ratedAt: string }[];
  reports: { id: string; postId: string; reason: string | null; reportedAt: string }[];
  payments: { kind: string; amount: number; stripePaymentId: string | null; paidAt: string }[];
}

/**
 * What the whole log says the account did in other aggregates' streams: the export's answer
 * before it read the account's own streams, kept here as the reference it must still match.
 */
function activityInTheLog(events: readonly RecordedEvent[], userId: string): Exported {
  const likes = new Map<string, Exported['likes'][number]>();
  const found: Exported = { likes: [], ratingsGiven: [], reports: [], payments: [] };
  for (const event of events) {
    const data = event.data as Record<string, unknown> | null;
    if (data?.userId !== userId) continue;
    const at = event.metadata.at;
    if (event.type === 'Liked' || event.type === 'Unliked') {
      const key = `${String(data.target)}:${String(data.targetId)}`;
      if (event.type === 'Unliked') likes.delete(key);
      else {
        likes.set(key, {
          target: data.target as string,
          targetId: data.targetId as string,
          postId: data.postId as string,
          likedAt: at,
        });
      }
    } else if (event.type === 'Rated') {
      found.ratingsGiven.push({
        postId: data.postId as string,
        score: data.score as number,
        ratedAt: at,
      });
    } else if (event.type === 'PostReported') {
      found.reports.push({
        id: data.reportId as string,
        postId: data.postId as string,
        reason: data.reason as string | null,
        reportedAt: at,
      });
    } else if (event.type === 'BoostPurchased' || event.type === 'DonationReceived') {
      found.payments.push({
        kind: event.type === 'BoostPurchased' ? 'boost' : 'donation',
        amount: data.amount as number,
        stripePaymentId: data.stripePaymentId as string | null,
        paidAt: at,
      });
    }
  }
  found.likes = [...likes.values()];
  return found;
}

describe('GET /api/user/export, built from the account’s own streams', () => {
  // The clock stands still (and is moved by hand), so no hourly window ends mid-test.
  const clock = new TestClock();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(
      {
        UPLOAD_LIMIT_PER_HOUR: '100000',
        EXPORT_LIMIT_PER_HOUR: '2',
        PUBLIC_URL: 'http://127.0.0.1:3000',
      },
      undefined,
      { clock },
    );
  });
  afterAll(() => app.close());

  it('holds the likes, ratings, reports and payments the whole log holds of the account, without reading the log', async () => {
    const ann = await verifiedUser(app);
    const bob = await verifiedUser(app);
    const first = await publishPost(app, bob);
    const second = await publishPost(app, bob);
    await ann.agent.post(`/api/posts/${first}/like`).expect(200);
    clock.advance(1000);
    await ann.agent.post(`/api/posts/${second}/like`).expect(200);
    await ann.agent.delete(`/api/posts/${first}/like`).expect(200);
    clock.advance(1000);
    await ann.agent.post(`/api/posts/${first}/like`).expect(200);
    await bob.agent.post(`/api/posts/${second}/like`).expect(200);
    await ann.agent
      .post('/api/ratings/submit')
      .send({ postId: first, overallScore: 7 })
      .expect(201);
    await ann.agent.post(`/api/posts/${second}/report`).send({ reason: 'Not feet' }).expect(201);
    const donation = await ann.agent
      .post('/api/donations/checkout')
      .send({ amount: 500 })
      .expect(200);
    await request(app.server)
      .post(`/checkout/${sessionIdOf((donation.body as Schema<'CheckoutUrlResponse'>).url)}/pay`)
      .expect(303);

    const readAll = jest.spyOn(app.events, 'readAll');
    const readAllPages = jest.spyOn(app.events, 'readAllPages');
    let exported: Exported;
    try {
      exported = (await ann.agent.get('/api/user/export').expect(200)).body as Exported;
      expect(readAll).not.toHaveBeenCalled();
      expect(readAllPages).not.toHaveBeenCalled();
    } finally {
      readAll.mockRestore();
      readAllPages.mockRestore();
    }

    const reference = activityInTheLog(await app.events.readAll(), ann.user.id);
    expect(reference.likes.map((like) => like.targetId)).toEqual([second, first]);
    expect(reference.payments).toHaveLength(1);
    expect(exported.likes).toEqual(reference.likes);
    expect(exported.ratingsGiven).toEqual(reference.ratingsGiven);
    expect(exported.reports).toEqual(reference.reports);
    expect(exported.payments).toEqual(
      reference.payments.map((payment) => expect.objectContaining(payment) as unknown),
    );
  }, 120_000);

  it('allows each account so many downloads an hour, then answers 429 with Retry-After', async () => {
    const member = await verifiedUser(app);
    const neighbour = await verifiedUser(app);
    await member.agent.get('/api/user/export').expect(200);
    await member.agent.get('/api/user/export').expect(200);
    const refused = await member.agent.get('/api/user/export').expect(429);
    expect(refused.body).toEqual({
      message: expect.stringMatching(
        /^You can download a copy of your data 2 times an hour\. Please try again in \d+ minutes?\.$/,
      ) as string,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await neighbour.agent.get('/api/user/export').expect(200);

    clock.advance(60 * 60 * 1000);
    await member.agent.get('/api/user/export').expect(200);
  });

  it('answers HEAD with the file’s headers and no work, whatever the allowance', async () => {
    const member = await verifiedUser(app);
    const readStream = jest.spyOn(app.events, 'readStream');
    try {
      for (let i = 0; i < 3; i++) {
        const head = await member.agent.head('/api/user/export').expect(200);
        expect(head.headers['content-disposition']).toBe(
          'attachment; filename="solescore-export.json"',
        );
        expect(head.headers['content-type']).toMatch(/^application\/json/);
        expect(head.headers['cache-control']).toBe('private, no-store');
      }
      expect(readStream).not.toHaveBeenCalled();
    } finally {
      readStream.mockRestore();
    }
    // The HEADs used none of the allowance.
    await member.agent.get('/api/user/export').expect(200);
    await member.agent.get('/api/user/export').expect(200);
    await request(app.server).head('/api/user/export').expect(401);
  });
});
