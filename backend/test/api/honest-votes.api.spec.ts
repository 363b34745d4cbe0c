import request from 'supertest';
import { HeldRatingsSweep } from '../../src/application/moderation/count-held-ratings/held-ratings-sweep';
import {
  type RegisteredUser,
  sessionCookieOf,
  tokenFromMail,
  uniqueEmail,
} from '../support/accounts';
import { publishPost, uploadRating } from '../support/community';
import { startTestApp, type TestApp } from '../support/test-app';
import { DAY_MS, HOUR_MS, TestClock } from '../support/test-clock';
import type { Schema } from '../support/api-types';

/** One proxy in front: the client is the address it appends last to X-Forwarded-For. */
const from = (address: string) => ({ 'X-Forwarded-For': `203.0.113.250, ${address}` });
const PASSWORD = 'correct horse battery';

/**
 * The vote rules over HTTP: accounts registered from chosen addresses and browsers, the test
 * clock for the day a young account waits, the admin clearing a burst of sign-ups.
 */
describe('honest votes', () => {
  let app: TestApp;
  let clock: TestClock;
  let admin: string;

  beforeAll(async () => {
    clock = new TestClock(new Date('2026-11-16T09:00:00.000Z'));
    app = await startTestApp(
      {
        TRUST_PROXY: '1',
        VOTE_WAIT_HOURS: '24',
        ADMIN_USERNAME: 'root_admin',
        ADMIN_PASSWORD: 'a long admin password',
      },
      undefined,
      { clock },
    );
  });
  afterAll(() => app.close());

  /** An admin session of this moment (the test clock outruns the admin's 12 hours). */
  async function signInAdmin() {
    const signedIn = await request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username: 'root_admin', password: 'a long admin password' })
      .expect(200);
    admin = sessionCookieOf(signedIn.headers['set-cookie'], 'admin_sid');
  }

  /** A verified member registered from `address` in a browser of its own. */
  async function member(address: string): Promise<RegisteredUser> {
    const agent = request.agent(app.server);
    const email = uniqueEmail('voter');
    const response = await agent
      .post('/api/auth/register')
      .set(from(address))
      .send({ email, password: PASSWORD })
      .expect(201);
    const token = await tokenFromMail(app, email, '/verify-email');
    await agent.post('/api/auth/verify-email').send({ token }).expect(200);
    return {
      agent,
      user: response.body as RegisteredUser['user'],
      email,
      password: PASSWORD,
      sessionCookie: sessionCookieOf(response.headers['set-cookie'], 'sid'),
    };
  }

  const rate = (voter: RegisteredUser, postId: string, score: number) =>
    voter.agent.post('/api/ratings/submit').send({ postId, overallScore: score }).expect(201);
  const post = async (postId: string) =>
    (await request(app.server).get(`/api/posts/${postId}`).expect(200))
      .body as Schema<'PostPageResponse'>;
  const votesThisWeek = async () =>
    (
      (await request(app.server).get('/api/home/summary').expect(200))
        .body as Schema<'HomeSummaryResponse'>
    ).weeklyVoteCount;
  const asAdmin = (method: 'get' | 'post', path: string) =>
    request(app.server)[method](`/api/rtm-sys/${path}`).set('Cookie', admin);

  it('holds out votes tied to the author, from a burst or a young account, until they may count', async () => {
    const author = await member('198.51.100.7');
    const postId = await publishPost(app, author);
    const neighbour = await member('198.51.100.99');
    const stranger = await member('192.0.2.10');
    const sibling = await member('203.0.113.5');
    const burst: RegisteredUser[] = [];
    for (let host = 1; host <= 4; host += 1) burst.push(await member(`100.64.1.${host}`));

    // The accounts are older than a day from here on.
    clock.advance(DAY_MS + HOUR_MS);
    const young = await member('192.0.2.200');
    // The sibling signs in in the author's browser.
    await author.agent
      .post('/api/auth/login')
      .set(from('203.0.113.5'))
      .send({ email: sibling.email, password: PASSWORD })
      .expect(200);
    const inAuthorsBrowser = { ...sibling, agent: author.agent };

    const counted = await rate(stranger, postId, 8);
    expect(counted.body).toMatchObject({ voteCount: 1, countsFrom: null, message: null });
    const before = counted.body.averageRating as string;

    for (const held of [neighbour, inAuthorsBrowser, burst[0], burst[1]]) {
      expect((await rate(held, postId, 0)).body).toMatchObject({
        averageRating: before,
        voteCount: 1,
        countsFrom: null,
        message: null,
      });
    }
    // Told before voting: a rating given now counts once the account is a day old.
    await young.agent.get(`/api/posts/${postId}/user-rating`).expect(200, {
      rating: null,
      countsFrom: null,
      newRatingCountsFrom: new Date(clock.now().getTime() + DAY_MS).toISOString(),
    });
    const youngAnswer = await rate(young, postId, 10);
    expect(youngAnswer.body).toMatchObject({
      averageRating: before,
      voteCount: 1,
      countsFrom: new Date(clock.now().getTime() + DAY_MS).toISOString(),
      message: expect.stringMatching(
        /^New accounts' votes count after 24 hours, to keep the boards fair: yours counts from \w{3} \d{1,2} \w{3}, \d\d:\d\d UTC$/,
      ),
    });
    // Their own rating reads as pending, with the same moment, until it counts.
    await young.agent.get(`/api/posts/${postId}/user-rating`).expect(200, {
      rating: 10,
      countsFrom: youngAnswer.body.countsFrom,
      newRatingCountsFrom: null,
    });

    // The home page's votes this week add up what the post page counts, not what was cast.
    expect(await votesThisWeek()).toBe(1);

    await neighbour.agent.post(`/api/posts/${postId}/like`).expect(200);
    await stranger.agent.post(`/api/posts/${postId}/like`).expect(200);
    expect(await post(postId)).toMatchObject({ voteCount: 1, likesCount: 1 });
    // The held-out like is recorded: the neighbour sees it as liked, and can take it back.
    await neighbour.agent.delete(`/api/posts/${postId}/like`).expect(200);
    expect(await post(postId)).toMatchObject({ likesCount: 1 });
    await neighbour.agent.post(`/api/posts/${postId}/like`).expect(200);
    // A burst's likes wait for the admin, as its ratings do (issue 73).
    await burst[2]!.agent.post(`/api/posts/${postId}/like`).expect(200);
    await burst[3]!.agent.post(`/api/posts/${postId}/like`).expect(200);
    expect(await post(postId)).toMatchObject({ likesCount: 1 });

    // The back office shows what did not count, and why.
    await signInAdmin();
    const held = (await asAdmin('get', `posts/${postId}/held-votes`).expect(200))
      .body as Schema<'HeldVotesResponse'>;
    const reasonsOf = (userId: string, kind = 'rating') =>
      held.items.find((vote) => vote.userId === userId && vote.kind === kind)?.heldOut;
    expect(reasonsOf(neighbour.user.id)).toEqual(['same-network']);
    expect(reasonsOf(neighbour.user.id, 'like')).toEqual(['same-network']);
    expect(reasonsOf(sibling.user.id)).toEqual(['same-browser']);
    expect(reasonsOf(burst[0].user.id)).toEqual(['cluster']);
    expect(reasonsOf(burst[2].user.id, 'like')).toEqual(['cluster']);
    expect(reasonsOf(young.user.id)).toEqual(['young-account']);
    expect(reasonsOf(stranger.user.id)).toBeUndefined();

    const clusters = (
      (await asAdmin('get', 'clusters').expect(200)).body as Schema<'AdminClusterPage'>
    ).items;
    const cluster = clusters.find((c) => c.accounts.some((a) => a.userId === burst[0].user.id));
    expect(cluster).toMatchObject({ status: 'held' });
    expect(cluster?.accounts.map((a) => a.userId)).toEqual(burst.map((m) => m.user.id));
    const detail = await asAdmin('get', `clusters/${cluster?.id}`).expect(200);
    expect(detail.body.votes).toHaveLength(4);

    // Clearing needs a reason; then the burst's ratings count.
    const noReason = await asAdmin('post', `clusters/${cluster?.id}/clear`).send({ reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(await post(postId)).toMatchObject({ voteCount: 1 });
    const cleared = await asAdmin('post', `clusters/${cluster?.id}/clear`)
      .send({ reason: 'A running club signing up together' })
      .expect(200);
    expect(cleared.body).toMatchObject({ status: 'cleared', counted: 4 });
    expect(await post(postId)).toMatchObject({ voteCount: 3, likesCount: 3 });
    // A like that came to count is taken back like any other.
    await burst[3]!.agent.delete(`/api/posts/${postId}/like`).expect(200);
    expect(await post(postId)).toMatchObject({ likesCount: 2 });
    expect(await votesThisWeek()).toBe(3);
    const audit = await asAdmin('get', 'audit?kind=ClusterCleared').expect(200);
    expect(audit.body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ targetId: cluster?.id })]),
    );

    // A sweep before the young account's day changes nothing; after it, its rating counts.
    const sweep = app.app.get(HeldRatingsSweep);
    expect(await sweep.sweep()).toBe(0);
    clock.advance(DAY_MS);
    expect(await sweep.sweep()).toBe(1);
    expect(await sweep.sweep()).toBe(0);
    expect(await post(postId)).toMatchObject({ voteCount: 4, likesCount: 2 });
    expect(await votesThisWeek()).toBe(4);
    await young.agent
      .get(`/api/posts/${postId}/user-rating`)
      .expect(200, { rating: 10, countsFrom: null, newRatingCountsFrom: null });
  });

  it('takes a banned voter’s likes and ratings out of the post’s figures until the lift; a held rating of theirs waits for it', async () => {
    const author = await member('198.51.100.40');
    const postId = await publishPost(app, author);
    const ring = await member('192.0.2.60');
    clock.advance(DAY_MS + HOUR_MS);
    // Registered now: its rating waits a day.
    const young = await member('192.0.2.61');
    const before = await post(postId);
    await rate(ring, postId, 10);
    await ring.agent.post(`/api/posts/${postId}/like`).expect(200);
    await rate(young, postId, 2);
    const voted = await post(postId);
    expect(voted).toMatchObject({ voteCount: 1, likesCount: 1 });
    expect(voted.averageRating).not.toBe(before.averageRating);

    await signInAdmin();
    for (const voter of [ring, young]) {
      await asAdmin('post', `users/${voter.user.id}/ban`).send({ reason: 'Vote ring' }).expect(200);
    }
    expect(await post(postId)).toMatchObject({
      voteCount: 0,
      likesCount: 0,
      averageRating: before.averageRating,
    });
    // The young account's day passes during the ban: its rating does not come to count.
    clock.advance(DAY_MS + HOUR_MS);
    await signInAdmin();
    const sweep = app.app.get(HeldRatingsSweep);
    await sweep.sweep();
    expect(await post(postId)).toMatchObject({ voteCount: 0, likesCount: 0 });

    for (const voter of [ring, young]) {
      await asAdmin('post', `users/${voter.user.id}/lift`).send({}).expect(200);
    }
    expect(await post(postId)).toMatchObject({
      voteCount: 1,
      likesCount: 1,
      averageRating: voted.averageRating,
    });
    expect(await sweep.sweep()).toBe(1);
    expect(await post(postId)).toMatchObject({ voteCount: 2, likesCount: 1 });
  });

  /** The `browser_id` a registration gave its browser. */
  function browserIdOf(setCookies: string[] | string | undefined): string {
    const cookie = ([] as string[])
      .concat(setCookies ?? [])
      .find((c) => c.startsWith('browser_id='));
    return /^browser_id=([^;]+)/.exec(cookie ?? '')?.[1] ?? '';
  }

  it('holds out ratings and likes cast from the author’s address or browser by accounts registered elsewhere', async () => {
    const authorEmail = uniqueEmail('author');
    const authorAgent = request.agent(app.server);
    const registered = await authorAgent
      .post('/api/auth/register')
      .set(from('100.64.30.40'))
      .send({ email: authorEmail, password: PASSWORD })
      .expect(201);
    const authorsBrowser = browserIdOf(registered.headers['set-cookie']);
    expect(authorsBrowser).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = await tokenFromMail(app, authorEmail, '/verify-email');
    await authorAgent.post('/api/auth/verify-email').send({ token }).expect(200);
    // The author posts from a second address (a café), never signed in there.
    const rating = await uploadRating(app);
    const published = await authorAgent
      .post('/api/posts/publish')
      .set(from('100.64.20.5'))
      .send(rating)
      .expect(201);
    const postId = (published.body as Schema<'IdResponse'>).id;

    const [atTheAuthors, inTheAuthorsBrowser, atTheCafe, unrelated] = [
      await member('100.64.10.1'),
      await member('100.64.11.1'),
      await member('100.64.12.1'),
      await member('100.64.13.1'),
    ];
    clock.advance(DAY_MS + HOUR_MS);
    const before = await post(postId);

    // From the author's sign-up address, in the voter's own browser.
    await atTheAuthors.agent
      .post('/api/ratings/submit')
      .set(from('100.64.30.40'))
      .send({ postId, overallScore: 10 })
      .expect(201);
    await atTheAuthors.agent
      .post(`/api/posts/${postId}/like`)
      .set(from('100.64.30.40'))
      .expect(200);
    // From the voter's own address, in the author's browser (its session carried over).
    const authorsBrowserWith = (voter: RegisteredUser) =>
      `${voter.sessionCookie}; browser_id=${authorsBrowser}`;
    await request(app.server)
      .post('/api/ratings/submit')
      .set(from('100.64.11.1'))
      .set('Cookie', authorsBrowserWith(inTheAuthorsBrowser))
      .send({ postId, overallScore: 10 })
      .expect(201);
    await request(app.server)
      .post(`/api/posts/${postId}/like`)
      .set(from('100.64.11.1'))
      .set('Cookie', authorsBrowserWith(inTheAuthorsBrowser))
      .expect(200);
    // From the network the author posted from.
    await atTheCafe.agent
      .post('/api/ratings/submit')
      .set(from('100.64.20.9'))
      .send({ postId, overallScore: 10 })
      .expect(201);
    await atTheCafe.agent.post(`/api/posts/${postId}/like`).set(from('100.64.20.9')).expect(200);
    expect(await post(postId)).toEqual(before);

    // Nothing ties the last voter to the author: its rating and like count.
    const counted = await unrelated.agent
      .post('/api/ratings/submit')
      .set(from('100.64.13.1'))
      .send({ postId, overallScore: 10 })
      .expect(201);
    expect(counted.body).toMatchObject({ voteCount: before.voteCount + 1 });
    expect(counted.body.averageRating).not.toBe(before.averageRating);
    await unrelated.agent.post(`/api/posts/${postId}/like`).set(from('100.64.13.1')).expect(200);
    expect(await post(postId)).toMatchObject({
      voteCount: before.voteCount + 1,
      likesCount: before.likesCount + 1,
    });

    await signInAdmin();
    const held = (await asAdmin('get', `posts/${postId}/held-votes`).expect(200))
      .body as Schema<'HeldVotesResponse'>;
    const reasonsOf = (voter: RegisteredUser) =>
      held.items
        .filter((vote) => vote.userId === voter.user.id)
        .map((vote) => `${vote.kind}:${vote.heldOut.join(',')}`)
        .sort();
    expect(reasonsOf(atTheAuthors)).toEqual(['like:same-network', 'rating:same-network']);
    expect(reasonsOf(inTheAuthorsBrowser)).toEqual(['like:same-browser', 'rating:same-browser']);
    expect(reasonsOf(atTheCafe)).toEqual(['like:same-network', 'rating:same-network']);
    expect(reasonsOf(unrelated)).toEqual([]);
  });

  it('holds the likes a burst cast before it was found, and clearing counts them', async () => {
    const author = await member('198.51.100.50');
    const postId = await publishPost(app, author);
    const early: RegisteredUser[] = [];
    for (let host = 1; host <= 3; host += 1) early.push(await member(`100.64.2.${host}`));
    for (const account of early) {
      await account.agent.post(`/api/posts/${postId}/like`).expect(200);
    }
    expect(await post(postId)).toMatchObject({ likesCount: 3 });

    // The fourth sign-up from the network makes it a burst: the three likes leave the count.
    const fourth = await member('100.64.2.4');
    expect(await post(postId)).toMatchObject({ likesCount: 0 });
    await fourth.agent.post(`/api/posts/${postId}/like`).expect(200);
    expect(await post(postId)).toMatchObject({ likesCount: 0 });
    // A like taken back and given again while held stays held.
    await early[0]!.agent.delete(`/api/posts/${postId}/like`).expect(200);
    await early[0]!.agent.post(`/api/posts/${postId}/like`).expect(200);
    expect(await post(postId)).toMatchObject({ likesCount: 0 });

    await signInAdmin();
    const held = (await asAdmin('get', `posts/${postId}/held-votes`).expect(200))
      .body as Schema<'HeldVotesResponse'>;
    expect(held.items.map((vote) => [vote.kind, vote.heldOut])).toEqual(
      Array.from({ length: 4 }, () => ['like', ['cluster']]),
    );
    // The sweep finds nothing more to hold, and nothing to count while the burst is held.
    expect(await app.app.get(HeldRatingsSweep).sweep()).toBe(0);
    expect(await post(postId)).toMatchObject({ likesCount: 0 });

    const clusters = (
      (await asAdmin('get', 'clusters').expect(200)).body as Schema<'AdminClusterPage'>
    ).items;
    const cluster = clusters.find((c) => c.accounts.some((a) => a.userId === fourth.user.id));
    const cleared = await asAdmin('post', `clusters/${cluster?.id}/clear`)
      .send({ reason: 'Flatmates' })
      .expect(200);
    expect(cleared.body).toMatchObject({ status: 'cleared', counted: 4 });
    expect(await post(postId)).toMatchObject({ likesCount: 4 });
  });

  it('answers 404 for a cluster that is not there', async () => {
    await signInAdmin();
    const missing = await asAdmin('post', 'clusters/not-a-cluster/clear').send({ reason: 'ok' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Cluster not found' });
  });

  it('remembers a browser by a random, httpOnly cookie sent to the api only', async () => {
    const response = await request(app.server)
      .post('/api/auth/register')
      .set(from('192.0.2.77'))
      .send({ email: uniqueEmail('cookie'), password: PASSWORD })
      .expect(201);
    const cookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('browser_id='));
    expect(cookie).toMatch(
      /^browser_id=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/api; Expires=.*; HttpOnly; SameSite=Lax$/,
    );
  });

  it('moves a browser id kept to the account routes to the whole api at the next sign-in', async () => {
    const voter = await member('100.64.40.1');
    const earlier = 'A'.repeat(43);
    const signedIn = await request(app.server)
      .post('/api/auth/login')
      .set(from('100.64.40.1'))
      .set('Cookie', `browser_id=${earlier}`)
      .send({ email: voter.email, password: PASSWORD })
      .expect(200);
    const cookies = ([] as string[]).concat(signedIn.headers['set-cookie'] ?? []);
    expect(cookies).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^browser_id=; Path=\/api\/auth; Expires=Thu, 01 Jan 1970/),
        expect.stringMatching(new RegExp(`^browser_id=${earlier}; Max-Age=\\d+; Path=/api;`)),
      ]),
    );
  });
});
