import request from 'supertest';
import type { RegisteredUser } from '../support/accounts';
import { publishPost, verifiedUser } from '../support/community';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import type { Schema } from '../support/api-types';

const MINUTE_MS = 60_000;

/** One proxy in front: the client is the address it appends last to X-Forwarded-For. */
const from = (address: string) => ({ 'X-Forwarded-For': `203.0.113.250, ${address}` });

function expectTooMany(response: request.Response, what: string, minutes = 1) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({
    message: `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
  expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
}

/**
 * Writes a member can repeat are limited per account and per address, per minute and per clock
 * hour, through the one rate limiter: 429 with the spec's message style and Retry-After. The
 * clock stands still (and is moved by hand), so no window ends in the middle of a test.
 */
describe('limits on repeatable member writes', () => {
  let app: TestApp;
  let clock: TestClock;
  let author: RegisteredUser;
  let postId: string;

  beforeAll(async () => {
    // Mid-minute of a fresh hour: moving on a minute stays within the same clock hour.
    const start = new Date();
    start.setUTCMinutes(10, 30, 0);
    clock = new TestClock(start);
    app = await startTestApp(
      {
        TRUST_PROXY: '1',
        UPLOAD_LIMIT_PER_HOUR: '100000',
        COMMENT_LIMIT_PER_MINUTE: '3',
        COMMENT_LIMIT_PER_HOUR: '5',
        LIKE_LIMIT_PER_MINUTE: '4',
        RATING_LIMIT_PER_MINUTE: '2',
        REPORT_LIMIT_PER_MINUTE: '2',
        ADDRESS_LIMIT_FACTOR: '2',
      },
      undefined,
      { clock },
    );
    author = await verifiedUser(app);
    postId = await publishPost(app, author);
  });
  afterAll(() => app.close());

  const comment = (user: RegisteredUser, address: string, text = 'Nice') =>
    user.agent.post(`/api/posts/${postId}/comments`).set(from(address)).send({ text });

  it('limits comments and replies per account per minute and per hour, from any address', async () => {
    const member = await verifiedUser(app);
    const first = await comment(member, '198.51.100.1').expect(201);
    await comment(member, '198.51.100.1').expect(201);
    // A reply counts as a comment.
    await member.agent
      .post(`/api/posts/${postId}/comments`)
      .set(from('198.51.100.1'))
      .send({ text: 'Reply', parentCommentId: first.body.id })
      .expect(201);
    expectTooMany(await comment(member, '198.51.100.1'), 'comments');
    // Another address does not help the same account.
    expectTooMany(await comment(member, '198.51.100.2'), 'comments');
    // Refused comments are not stored.
    const stored = (await request(app.server).get(`/api/posts/${postId}/comments`).expect(200))
      .body as Schema<'CommentResponse'>[];
    const own = stored.filter((c) => c.userId === member.user.id);
    expect(own.length + own.reduce((n, c) => n + c.replies.length, 0)).toBe(3);

    // A minute on, the minute's count is new, but the hour allows 5 in all.
    clock.advance(MINUTE_MS);
    await comment(member, '198.51.100.1').expect(201);
    await comment(member, '198.51.100.1').expect(201);
    const hourly = await comment(member, '198.51.100.1');
    expect(hourly.status).toBe(429);
    expect(hourly.body.message).toMatch(/^Too many comments\. Please try again in \d+ minutes\.$/);
    expect(Number(hourly.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('limits comments per address, shared by the accounts behind it', async () => {
    const [first, second, third] = [
      await verifiedUser(app),
      await verifiedUser(app),
      await verifiedUser(app),
    ];
    // 3 per account, 2 × 3 per address.
    for (let i = 0; i < 3; i += 1) await comment(first, '198.51.100.20').expect(201);
    for (let i = 0; i < 3; i += 1) await comment(second, '198.51.100.20').expect(201);
    expectTooMany(await comment(third, '198.51.100.20'), 'comments');
    // The third account elsewhere is within its own limits.
    await comment(third, '198.51.100.21').expect(201);
  });

  it('limits likes (posts and comments, liking and unliking) per account and per address', async () => {
    const member = await verifiedUser(app);
    const own = await comment(await verifiedUser(app), '198.51.100.30').expect(201);
    const address = '198.51.100.31';
    await member.agent.post(`/api/posts/${postId}/like`).set(from(address)).expect(200);
    await member.agent.delete(`/api/posts/${postId}/like`).set(from(address)).expect(200);
    await member.agent.post(`/api/comments/${own.body.id}/like`).set(from(address)).expect(200);
    await member.agent.delete(`/api/comments/${own.body.id}/like`).set(from(address)).expect(200);
    expectTooMany(await member.agent.post(`/api/posts/${postId}/like`).set(from(address)), 'likes');
    expectTooMany(
      await member.agent.post(`/api/comments/${own.body.id}/like`).set(from('198.51.100.32')),
      'likes',
    );
    // The address has room for 8: a second account there gets 4 more, then the address is full.
    const neighbour = await verifiedUser(app);
    for (let i = 0; i < 4; i += 1) {
      await neighbour.agent.post(`/api/posts/${postId}/like`).set(from(address)).expect(200);
    }
    const third = await verifiedUser(app);
    expectTooMany(await third.agent.post(`/api/posts/${postId}/like`).set(from(address)), 'likes');
  });

  it('limits ratings and reports per account', async () => {
    const member = await verifiedUser(app);
    const posts = [
      await publishPost(app, author),
      await publishPost(app, author),
      await publishPost(app, author),
    ];
    const rate = (id: string) =>
      member.agent
        .post('/api/ratings/submit')
        .set(from('198.51.100.40'))
        .send({ postId: id, overallScore: 7 });
    await rate(posts[0]).expect(201);
    await rate(posts[1]).expect(201);
    expectTooMany(await rate(posts[2]), 'ratings');

    const report = (id: string) =>
      member.agent
        .post(`/api/posts/${id}/report`)
        .set(from('198.51.100.41'))
        .send({ reason: 'Not feet' });
    await report(posts[0]).expect(201);
    await report(posts[1]).expect(201);
    expectTooMany(await report(posts[2]), 'reports');
  });

  it('limits profile changes and boost applications per account', async () => {
    const member = await verifiedUser(app);
    for (let i = 0; i < 10; i += 1) {
      await member.agent
        .patch('/api/user/profile')
        .set(from('198.51.100.50'))
        .send({ bio: `Bio ${i}` })
        .expect(200);
    }
    expectTooMany(
      await member.agent.patch('/api/user/profile').set(from('198.51.100.51')).send({ bio: 'x' }),
      'profile changes',
    );
    // Notification preferences are profile changes too.
    expectTooMany(
      await member.agent.patch('/api/auth/email-preferences').set(from('198.51.100.51')).send({
        emailNotificationsRating: true,
        emailNotificationsComment: true,
        emailNotificationsAchievements: true,
      }),
      'profile changes',
    );

    const owner = await verifiedUser(app);
    const own = await publishPost(app, owner);
    for (let i = 0; i < 10; i += 1) {
      // No unused boost: each is refused, and each counts.
      await owner.agent
        .post(`/api/posts/${own}/apply-boost`)
        .set(from('198.51.100.52'))
        .expect(409);
    }
    expectTooMany(
      await owner.agent.post(`/api/posts/${own}/apply-boost`).set(from('198.51.100.52')),
      'boost requests',
    );
  });

  it('limits payment checks (no sign-in needed) per address', async () => {
    const confirm = (address: string) =>
      request(app.server)
        .post('/api/checkout/confirm')
        .set(from(address))
        .send({ sessionId: 'cs_test_unknown_session' });
    // 20 per minute for an account, twice that for an address.
    for (let i = 0; i < 40; i += 1) await confirm('198.51.100.60').expect(404);
    expectTooMany(await confirm('198.51.100.60'), 'payment checks');
    await confirm('198.51.100.61').expect(404);
  });

  it('does not count a signed-out attempt, which is refused before it could write', async () => {
    for (let i = 0; i < 5; i += 1) {
      await request(app.server)
        .post(`/api/posts/${postId}/comments`)
        .set(from('198.51.100.70'))
        .send({ text: 'Hi' })
        .expect(401);
    }
    const member = await verifiedUser(app);
    await comment(member, '198.51.100.70').expect(201);
  });
});

describe('the default write limits', () => {
  it('leave room for a household of members on one address using the site as people do', async () => {
    const app = await startTestApp({ TRUST_PROXY: '1', UPLOAD_LIMIT_PER_HOUR: '100000' });
    try {
      const author = await verifiedUser(app);
      const posts = [
        await publishPost(app, author),
        await publishPost(app, author),
        await publishPost(app, author),
      ];
      const home = from('198.51.100.80');
      const household = [await verifiedUser(app), await verifiedUser(app), await verifiedUser(app)];
      // Within one minute, each: a lively thread, scrolling and liking, rating, a report and a
      // profile edit or two.
      for (const member of household) {
        for (let i = 0; i < 5; i += 1) {
          await member.agent
            .post(`/api/posts/${posts[i % 3]}/comments`)
            .set(home)
            .send({ text: `Comment ${i}` })
            .expect(201);
        }
        for (let i = 0; i < 30; i += 1) {
          const id = posts[i % 3];
          if (i % 2 === 0) await member.agent.post(`/api/posts/${id}/like`).set(home).expect(200);
          else await member.agent.delete(`/api/posts/${id}/like`).set(home).expect(200);
        }
        for (const id of posts) {
          await member.agent
            .post('/api/ratings/submit')
            .set(home)
            .send({ postId: id, overallScore: 8 })
            .expect(201);
        }
        await member.agent
          .post(`/api/posts/${posts[0]}/report`)
          .set(home)
          .send({ reason: 'Looks like a hand' })
          .expect(201);
        await member.agent.patch('/api/user/profile').set(home).send({ bio: 'Hi' }).expect(200);
        await member.agent.patch('/api/user/profile').set(home).send({ bio: 'Hello' }).expect(200);
      }
    } finally {
      await app.close();
    }
  });
});
