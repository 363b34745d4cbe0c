import request, { type Test } from 'supertest';
import { HeldRatingsSweep } from '../../src/application/moderation/count-held-ratings/held-ratings-sweep';
import {
  type RegisteredUser,
  sessionCookieOf,
  tokenFromMail,
  uniqueEmail,
} from '../support/accounts';
import { signedInAdmin } from '../support/admins';
import {
  apiSpec,
  expectError,
  expectNewEvents,
  expectResponse,
  type ApiExpectation,
  type ApiRequest,
} from '../support/api-specification';
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
  const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };
  let app: TestApp;
  let clock: TestClock;

  beforeAll(async () => {
    clock = new TestClock(new Date('2026-11-16T09:00:00.000Z'));
    app = await startTestApp({ TRUST_PROXY: '1', VOTE_WAIT_HOURS: '24', ...ADMIN }, undefined, {
      clock,
    });
  });
  afterAll(() => app.close());

  /** An admin session of this moment (the test clock outruns the admin's 12 hours). */
  const signInAdmin = () => signedInAdmin(app, ADMIN);
  type Admin = Awaited<ReturnType<typeof signInAdmin>>;

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

  /** The rating recorded on the voter's stream, held out for `heldOut` (none: it counts). */
  const expectRated = (postId: string, voter: RegisteredUser, heldOut?: string[]): ApiExpectation =>
    expectNewEvents(`vote-${postId}-${voter.user.id}`, [
      {
        type: 'Rated',
        data: { postId, userId: voter.user.id, ...(heldOut && { heldOut }) },
      },
    ]);
  /** `voter` rates the post `score`: the answer. */
  const rate = (
    voter: RegisteredUser,
    postId: string,
    score: number,
    ...expectations: ApiExpectation[]
  ) =>
    apiSpec(app)
      .when((request) =>
        request.as(voter).post('/api/ratings/submit').send({ postId, overallScore: score }),
      )
      .then([expectResponse(201), ...expectations]);
  const like = (voter: RegisteredUser, postId: string, method: 'post' | 'delete' = 'post') =>
    apiSpec(app)
      .when((request) => request.as(voter)[method](`/api/posts/${postId}/like`))
      .then([expectResponse(200)]);
  const post = async (postId: string) =>
    (
      await apiSpec(app)
        .when((request) => request.get(`/api/posts/${postId}`))
        .then([expectResponse(200)])
    ).body as Schema<'PostPageResponse'>;
  const votesThisWeek = async () =>
    (
      (
        await apiSpec(app)
          .when((request) => request.get('/api/home/summary'))
          .then([expectResponse(200)])
      ).body as Schema<'HomeSummaryResponse'>
    ).weeklyVoteCount;
  const userRating = (voter: RegisteredUser, postId: string, body: object) =>
    apiSpec(app)
      .when((request) => request.as(voter).get(`/api/posts/${postId}/user-rating`))
      .then([expectResponse(200, { body })]);
  const adminGet = async <T>(admin: Admin, path: string) =>
    (
      await apiSpec(app)
        .when((request) => request.as(admin).get(`/api/rtm-sys/${path}`))
        .then([expectResponse(200)])
    ).body as T;
  const adminPost =
    (admin: Admin, path: string, body: object = {}) =>
    (request: ApiRequest) =>
      request.as(admin).post(`/api/rtm-sys/${path}`).send(body);

  it('given votes tied to the author, from a burst or from a young account, when they are cast, then they are held out until they may count', async () => {
    // A week of its own: the home page's count of this week's votes is this test's alone.
    clock.set('2027-05-03T09:00:00.000Z');
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

    const counted = await rate(stranger, postId, 8, expectRated(postId, stranger));
    expect(counted.body).toMatchObject({ voteCount: 1, countsFrom: null, message: null });
    const before = counted.body.averageRating as string;

    for (const [held, heldOut] of [
      [neighbour, ['same-network']],
      [inAuthorsBrowser, ['same-browser']],
      [burst[0], ['cluster']],
      [burst[1], ['cluster']],
    ] as const) {
      const answer = await rate(held, postId, 0, expectRated(postId, held, [...heldOut]));
      expect(answer.body).toMatchObject({
        averageRating: before,
        voteCount: 1,
        countsFrom: null,
        message: null,
      });
    }
    // Told before voting: a rating given now counts once the account is a day old.
    await userRating(young, postId, {
      rating: null,
      countsFrom: null,
      newRatingCountsFrom: new Date(clock.now().getTime() + DAY_MS).toISOString(),
    });
    const youngAnswer = await rate(
      young,
      postId,
      10,
      expectRated(postId, young, ['young-account']),
    );
    expect(youngAnswer.body).toMatchObject({
      averageRating: before,
      voteCount: 1,
      countsFrom: new Date(clock.now().getTime() + DAY_MS).toISOString(),
      message: expect.stringMatching(
        /^New accounts' votes count after 24 hours, to keep the boards fair: yours counts from \w{3} \d{1,2} \w{3}, \d\d:\d\d UTC$/,
      ),
    });
    // Their own rating reads as pending, with the same moment, until it counts.
    await userRating(young, postId, {
      rating: 10,
      countsFrom: youngAnswer.body.countsFrom,
      newRatingCountsFrom: null,
    });

    // The home page's votes this week add up what the post page counts, not what was cast.
    expect(await votesThisWeek()).toBe(1);

    await like(neighbour, postId);
    await like(stranger, postId);
    expect(await post(postId)).toMatchObject({ voteCount: 1, likesCount: 1 });
    // The held-out like is recorded: the neighbour sees it as liked, and can take it back.
    await like(neighbour, postId, 'delete');
    expect(await post(postId)).toMatchObject({ likesCount: 1 });
    await like(neighbour, postId);
    // A burst's likes wait for the admin, as its ratings do (issue 73).
    await like(burst[2]!, postId);
    await like(burst[3]!, postId);
    expect(await post(postId)).toMatchObject({ likesCount: 1 });

    // The back office shows what did not count, and why.
    const admin = await signInAdmin();
    const held = await adminGet<Schema<'HeldVotesResponse'>>(admin, `posts/${postId}/held-votes`);
    const reasonsOf = (userId: string, kind = 'rating') =>
      held.items.find((vote) => vote.userId === userId && vote.kind === kind)?.heldOut;
    expect(reasonsOf(neighbour.user.id)).toEqual(['same-network']);
    expect(reasonsOf(neighbour.user.id, 'like')).toEqual(['same-network']);
    expect(reasonsOf(sibling.user.id)).toEqual(['same-browser']);
    expect(reasonsOf(burst[0].user.id)).toEqual(['cluster']);
    expect(reasonsOf(burst[2].user.id, 'like')).toEqual(['cluster']);
    expect(reasonsOf(young.user.id)).toEqual(['young-account']);
    expect(reasonsOf(stranger.user.id)).toBeUndefined();

    const clusters = (await adminGet<Schema<'AdminClusterPage'>>(admin, 'clusters')).items;
    const cluster = clusters.find((c) => c.accounts.some((a) => a.userId === burst[0].user.id));
    expect(cluster).toMatchObject({ status: 'held' });
    expect(cluster?.accounts.map((a) => a.userId)).toEqual(burst.map((m) => m.user.id));
    const detail = await adminGet<{ votes: unknown[] }>(admin, `clusters/${cluster?.id}`);
    expect(detail.votes).toHaveLength(4);

    // Clearing needs a reason; then the burst's ratings count.
    await apiSpec(app)
      .when(adminPost(admin, `clusters/${cluster?.id}/clear`, { reason: ' ' }))
      .then([expectError(400)]);
    expect(await post(postId)).toMatchObject({ voteCount: 1 });
    await apiSpec(app)
      .when(
        adminPost(admin, `clusters/${cluster?.id}/clear`, {
          reason: 'A running club signing up together',
        }),
      )
      .then([
        expectResponse(200, {
          body: expect.objectContaining({ status: 'cleared', counted: 4 }),
        }),
        expectNewEvents(`vote-${postId}-${burst[0].user.id}`, [
          { type: 'RatingCounted', data: { reason: 'cluster-cleared' } },
        ]),
        expectNewEvents(`like-post-${postId}-${burst[2].user.id}`, [
          { type: 'LikeCounted', data: { reason: 'cluster-cleared' } },
        ]),
      ]);
    expect(await post(postId)).toMatchObject({ voteCount: 3, likesCount: 3 });
    // A like that came to count is taken back like any other.
    await like(burst[3]!, postId, 'delete');
    expect(await post(postId)).toMatchObject({ likesCount: 2 });
    expect(await votesThisWeek()).toBe(3);
    const audit = await adminGet<{ items: unknown[] }>(admin, 'audit?kind=ClusterCleared');
    expect(audit.items).toEqual(
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
    await userRating(young, postId, { rating: 10, countsFrom: null, newRatingCountsFrom: null });
  });

  it('given a banned voter’s like and ratings, when the ban lands and is lifted, then they leave the post’s figures until the lift, and a held rating of theirs waits for it', async () => {
    const author = await member('198.51.100.40');
    const postId = await publishPost(app, author);
    const ring = await member('192.0.2.60');
    clock.advance(DAY_MS + HOUR_MS);
    // Registered now: its rating waits a day.
    const young = await member('192.0.2.61');
    const before = await post(postId);
    await rate(ring, postId, 10, expectRated(postId, ring));
    await like(ring, postId);
    await rate(young, postId, 2, expectRated(postId, young, ['young-account']));
    const voted = await post(postId);
    expect(voted).toMatchObject({ voteCount: 1, likesCount: 1 });
    expect(voted.averageRating).not.toBe(before.averageRating);

    let admin = await signInAdmin();
    await apiSpec(app)
      .when(adminPost(admin, `users/${ring.user.id}/ban`, { reason: 'Vote ring' }))
      .then([
        expectResponse(200),
        expectNewEvents(`vote-${postId}-${ring.user.id}`, [
          { type: 'VoteSetAside', data: { counted: true } },
        ]),
        expectNewEvents(`like-post-${postId}-${ring.user.id}`, [{ type: 'LikeSetAside' }]),
      ]);
    await apiSpec(app)
      .when(adminPost(admin, `users/${young.user.id}/ban`, { reason: 'Vote ring' }))
      .then([
        expectResponse(200),
        expectNewEvents(`vote-${postId}-${young.user.id}`, [
          { type: 'VoteSetAside', data: { counted: false } },
        ]),
      ]);
    expect(await post(postId)).toMatchObject({
      voteCount: 0,
      likesCount: 0,
      averageRating: before.averageRating,
    });
    // The young account's day passes during the ban: its rating does not come to count.
    clock.advance(DAY_MS + HOUR_MS);
    admin = await signInAdmin();
    const sweep = app.app.get(HeldRatingsSweep);
    await sweep.sweep();
    expect(await post(postId)).toMatchObject({ voteCount: 0, likesCount: 0 });

    for (const voter of [ring, young]) {
      await apiSpec(app)
        .when(adminPost(admin, `users/${voter.user.id}/lift`))
        .then([expectResponse(200)]);
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

  it('given accounts registered elsewhere, when they rate and like from the author’s address or browser, then their votes are held out', async () => {
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

    /** A rating and a like of `voter`, sent as `send` says: both held out for `heldOut`. */
    const votes = async (
      voter: RegisteredUser,
      send: (request: ApiRequest) => (path: string) => Test,
      heldOut: string[] | undefined,
    ) => {
      await apiSpec(app)
        .when((request) => send(request)('/api/ratings/submit').send({ postId, overallScore: 10 }))
        .then([expectResponse(201), expectRated(postId, voter, heldOut)]);
      await apiSpec(app)
        .when((request) => send(request)(`/api/posts/${postId}/like`))
        .then([
          expectResponse(200),
          expectNewEvents(`like-post-${postId}-${voter.user.id}`, [
            { type: 'Liked', data: heldOut ? { heldOut } : {} },
          ]),
        ]);
    };
    // From the author's sign-up address, in the voter's own browser.
    await votes(
      atTheAuthors,
      (request) => (path) => request.as(atTheAuthors).post(path).set(from('100.64.30.40')),
      ['same-network'],
    );
    // From the voter's own address, in the author's browser (its session carried over).
    await votes(
      inTheAuthorsBrowser,
      (request) => (path) =>
        request
          .post(path)
          .set(from('100.64.11.1'))
          .set('Cookie', `${inTheAuthorsBrowser.sessionCookie}; browser_id=${authorsBrowser}`),
      ['same-browser'],
    );
    // From the network the author posted from.
    await votes(
      atTheCafe,
      (request) => (path) => request.as(atTheCafe).post(path).set(from('100.64.20.9')),
      ['same-network'],
    );
    expect(await post(postId)).toEqual(before);

    // Nothing ties the last voter to the author: its rating and like count.
    const counted = await apiSpec(app)
      .when((request) =>
        request
          .as(unrelated)
          .post('/api/ratings/submit')
          .set(from('100.64.13.1'))
          .send({ postId, overallScore: 10 }),
      )
      .then([
        expectResponse(201, {
          body: expect.objectContaining({ voteCount: before.voteCount + 1 }),
        }),
        expectRated(postId, unrelated),
      ]);
    expect(counted.body.averageRating).not.toBe(before.averageRating);
    await apiSpec(app)
      .when((request) =>
        request.as(unrelated).post(`/api/posts/${postId}/like`).set(from('100.64.13.1')),
      )
      .then([expectResponse(200)]);
    expect(await post(postId)).toMatchObject({
      voteCount: before.voteCount + 1,
      likesCount: before.likesCount + 1,
    });

    const admin = await signInAdmin();
    const held = await adminGet<Schema<'HeldVotesResponse'>>(admin, `posts/${postId}/held-votes`);
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

  it('given likes a burst cast before it was found, when a fourth sign-up makes it a burst, then they are held, and clearing it counts them', async () => {
    const author = await member('198.51.100.50');
    const postId = await publishPost(app, author);
    const early: RegisteredUser[] = [];
    for (let host = 1; host <= 3; host += 1) early.push(await member(`100.64.2.${host}`));
    for (const account of early) await like(account, postId);
    expect(await post(postId)).toMatchObject({ likesCount: 3 });

    // The fourth sign-up from the network makes it a burst: the three likes leave the count.
    let fourth: RegisteredUser | undefined;
    await apiSpec(app)
      .given(async () => {
        fourth = await member('100.64.2.4');
      })
      .when((request) => request.get(`/api/posts/${postId}`))
      .then([expectResponse(200, { body: expect.objectContaining({ likesCount: 0 }) })]);
    const heldLikes = await Promise.all(
      early.map((account) => app.events.readStream(`like-post-${postId}-${account.user.id}`)),
    );
    expect(heldLikes.map((events) => events.map((event) => event.type))).toEqual(
      early.map(() => ['Liked', 'LikeHeld']),
    );
    await like(fourth!, postId);
    expect(await post(postId)).toMatchObject({ likesCount: 0 });
    // A like taken back and given again while held stays held.
    await like(early[0]!, postId, 'delete');
    await like(early[0]!, postId);
    expect(await post(postId)).toMatchObject({ likesCount: 0 });

    const admin = await signInAdmin();
    const held = await adminGet<Schema<'HeldVotesResponse'>>(admin, `posts/${postId}/held-votes`);
    expect(held.items.map((vote) => [vote.kind, vote.heldOut])).toEqual(
      Array.from({ length: 4 }, () => ['like', ['cluster']]),
    );
    // The sweep finds nothing more to hold, and nothing to count while the burst is held.
    expect(await app.app.get(HeldRatingsSweep).sweep()).toBe(0);
    expect(await post(postId)).toMatchObject({ likesCount: 0 });

    const clusters = (await adminGet<Schema<'AdminClusterPage'>>(admin, 'clusters')).items;
    const cluster = clusters.find((c) => c.accounts.some((a) => a.userId === fourth!.user.id));
    await apiSpec(app)
      .when(adminPost(admin, `clusters/${cluster?.id}/clear`, { reason: 'Flatmates' }))
      .then([
        expectResponse(200, { body: expect.objectContaining({ status: 'cleared', counted: 4 }) }),
      ]);
    expect(await post(postId)).toMatchObject({ likesCount: 4 });
  });

  it('given no such cluster, when an admin clears it, then 404', async () => {
    const admin = await signInAdmin();

    await apiSpec(app)
      .when(adminPost(admin, 'clusters/not-a-cluster/clear', { reason: 'ok' }))
      .then([expectError(404, 'Cluster not found')]);
  });

  it('given a new browser, when it registers, then it is remembered by a random, httpOnly cookie sent to the api only', async () => {
    await apiSpec(app)
      .when((request) =>
        request
          .post('/api/auth/register')
          .set(from('192.0.2.77'))
          .send({ email: uniqueEmail('cookie'), password: PASSWORD }),
      )
      .then([
        expectResponse(201, {
          headers: {
            'set-cookie': expect.arrayContaining([
              expect.stringMatching(
                /^browser_id=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/api; Expires=.*; HttpOnly; SameSite=Lax$/,
              ),
            ]),
          },
        }),
      ]);
  });

  it('given a browser id kept to the account routes, when its browser signs in, then it is moved to the whole api', async () => {
    const voter = await member('100.64.40.1');
    const earlier = 'A'.repeat(43);

    await apiSpec(app)
      .when((request) =>
        request
          .post('/api/auth/login')
          .set(from('100.64.40.1'))
          .set('Cookie', `browser_id=${earlier}`)
          .send({ email: voter.email, password: PASSWORD }),
      )
      .then([
        expectResponse(200, {
          headers: {
            'set-cookie': expect.arrayContaining([
              expect.stringMatching(/^browser_id=; Path=\/api\/auth; Expires=Thu, 01 Jan 1970/),
              expect.stringMatching(new RegExp(`^browser_id=${earlier}; Max-Age=\\d+; Path=/api;`)),
            ]),
          },
        }),
      ]);
  });
});
