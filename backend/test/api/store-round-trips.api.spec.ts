import request from 'supertest';
import {
  type CountedRequest,
  type RequestRoundTrips,
  ROUND_TRIPS,
} from '../../src/infrastructure/round-trips/request-round-trips';
import type { RegisteredUser } from '../support/accounts';
import { publishPost, uploadRating, verifiedUser } from '../support/community';
import { deliver, payWithoutDelivery, sessionIdOf } from '../support/payments';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

/**
 * Store round trips per request, counted at the ports (see src/bench/round-trips.bench.ts for
 * how they stand for the production stack's), held at the goals of issue 57.
 */
describe('store round trips per request', () => {
  let app: TestApp;
  let owner: RegisteredUser;
  let member: RegisteredUser;
  let postId: string;

  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '100000', ...ROOMY_WRITE_LIMITS });
    owner = await verifiedUser(app);
    member = await verifiedUser(app);
    postId = await publishPost(app, owner);
    await owner.agent.post(`/api/posts/${postId}/comments`).send({ text: 'Nice' }).expect(201);
  });
  afterAll(() => app.close());

  /** What the app counted for the one request `send` makes. */
  async function counted(send: () => PromiseLike<unknown>): Promise<CountedRequest> {
    const seen: CountedRequest[] = [];
    const stop = app.app.get<RequestRoundTrips>(ROUND_TRIPS).watch((r) => seen.push(r));
    try {
      await send();
    } finally {
      stop();
    }
    expect(seen).toHaveLength(1);
    return seen[0];
  }

  it('a first like appends without reading its stream, and neither scans the log nor polls the projections', async () => {
    const likeOf = await publishPost(app, owner);

    const like = await counted(() => member.agent.post(`/api/posts/${likeOf}/like`).expect(200));

    expect(like.calls['eventStore.appendToStream']).toBe(1);
    expect(like.calls['eventStore.readLastEvent']).toBeUndefined();
    expect(like.calls['eventStore.headPosition']).toBeUndefined();
    expect(like.calls['readStore.getCheckpoint']).toBeUndefined();
    // The projections' batch that the wait hurried along is theirs, not the like's.
    expect(like.calls['readStore.commit']).toBeUndefined();
    // The session with its user and its ended mark, and the four rate-limit windows: one each.
    expect(like.calls['readStore.countWithin']).toBe(1);
    expect(like.calls['readStore.counter']).toBeUndefined();
    expect(like.calls['readStore.increment']).toBeUndefined();
    // The session, the post with both voters: two batches, nothing read one by one before.
    expect(like.calls['readStore.readMany']).toBe(2);
    expect(like.roundTrips).toBeLessThanOrEqual(6);
  });

  it('a like already there waits for its stream’s last event, not for the log’s head', async () => {
    const likeOf = await publishPost(app, owner);
    await member.agent.post(`/api/posts/${likeOf}/like`).expect(200);

    const again = await counted(() =>
      member.agent.post(`/api/posts/${likeOf}/like`).expect(200, {
        success: true,
        liked: true,
        likesCount: 1,
      }),
    );

    expect(again.calls['eventStore.headPosition']).toBeUndefined();
    // The append that guessed a first like, refused by the stream that is there.
    expect(again.calls['eventStore.appendToStream']).toBe(1);
    expect(again.roundTrips).toBeLessThanOrEqual(7);
  });

  it('a search page costs the same whatever its size, and no more than today', async () => {
    const name = encodeURIComponent(owner.user.anonymousUsername);
    const sizes: number[] = [];
    for (const limit of [24, 100]) {
      // A like moves the read models: the page is read, not a kept answer.
      await member.agent.delete(`/api/posts/${postId}/like`).expect(200);
      await member.agent.post(`/api/posts/${postId}/like`).expect(200);

      const search = await counted(() =>
        request(app.server).get(`/api/posts?q=${name}&limit=${limit}`).expect(200),
      );

      sizes.push(search.roundTrips);
    }
    expect(sizes[0]).toBe(sizes[1]);
    expect(sizes[0]).toBeLessThanOrEqual(3);
  });

  it('a signed webhook costs at most 6', async () => {
    const { body } = await member.agent
      .post('/api/boost/checkout')
      .send({ boostType: 'regular' })
      .expect(200);
    const { delivery } = await payWithoutDelivery(
      app,
      sessionIdOf((body as Schema<'CheckoutUrlResponse'>).url),
    );

    const webhook = await counted(() => deliver(app, delivery).expect(200));

    expect(webhook.roundTrips).toBeLessThanOrEqual(6);
  });

  it('a board page costs 2, a post page 3, a page of its thread and an upload 4 each', async () => {
    await member.agent.delete(`/api/posts/${postId}/like`).expect(200);
    const board = await counted(() => request(app.server).get('/api/posts?limit=24').expect(200));
    const kept = await counted(() => request(app.server).get('/api/posts?limit=24').expect(200));
    const post = await counted(() => member.agent.get(`/api/posts/${postId}`).expect(200));
    const thread = await counted(() =>
      member.agent.get(`/api/posts/${postId}/comments`).expect(200),
    );
    const upload = await counted(() => uploadRating(app));

    // The board: the boost-expiry probe, the page with its authors.
    expect(board.roundTrips).toBeLessThanOrEqual(2);
    expect(kept.roundTrips).toBe(0);
    // The post: the session, the post with its author, its rank with the viewer's report.
    expect(post.roundTrips).toBeLessThanOrEqual(3);
    // A page of the thread: the session, its threads with their authors, their replies with
    // theirs (the read names the threads: docs/decisions/thread-pages.md), the post with the
    // viewer's likes.
    expect(thread.roundTrips).toBeLessThanOrEqual(4);
    // The upload: its rate limit, the rater's budget, the look-alike search, the rating's start.
    expect(upload.roundTrips).toBeLessThanOrEqual(4);
    expect(upload.calls['eventStore.readStream']).toBeUndefined();
  });

  it('a score’s standing this week and the home summary cost 1 each', async () => {
    const standing = await counted(() =>
      request(app.server).get('/api/leaderboard/standing?score=7.7').expect(200),
    );
    const summary = await counted(() => request(app.server).get('/api/home/summary').expect(200));

    // Both counts of the standing in one batch; the top three with their authors, the week's
    // posts counted and its days' statistics in one batch.
    expect(standing.roundTrips).toBe(1);
    expect(standing.calls['readStore.readMany']).toBe(1);
    expect(summary.roundTrips).toBe(1);
    expect(summary.calls['readStore.readMany']).toBe(1);
  });
});
