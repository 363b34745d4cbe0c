import request from 'supertest';
import { HeldRatingsSweep } from '../../src/application/moderation/count-held-ratings/held-ratings-sweep';
import {
  DIGEST_WINDOW_MS,
  NotificationReactor,
} from '../../src/application/community/notification-reactor';
import {
  outbox,
  registerUser,
  type RegisteredUser,
  sessionCookieOf,
  tokenFromMail,
} from '../support/accounts';
import { publishPost, verifiedUser } from '../support/community';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import type { Schema } from '../support/api-types';

/**
 * An author hears of a post's first new comment or rating within a minute, then at most once per
 * quarter hour, in one mail that says how many came in and quotes nobody; a commenter hears of
 * the replies to their comment the same way. The worker's timer is off: the clock is moved by
 * hand and the digests due then are sent.
 */
const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };

describe('notification mails about a post', () => {
  let app: TestApp;
  let clock: TestClock;

  beforeAll(async () => {
    // A minute into a quarter hour: everything a test does falls in that one.
    const start = Math.floor(Date.now() / DIGEST_WINDOW_MS) * DIGEST_WINDOW_MS + 60_000;
    clock = new TestClock(new Date(start));
    // The write limits out of the way: this is what is mailed when a flood gets through.
    app = await startTestApp(
      {
        UPLOAD_LIMIT_PER_HOUR: '100000',
        NOTIFICATION_SWEEP_SECONDS: '0',
        ...ROOMY_WRITE_LIMITS,
        ...ADMIN,
      },
      undefined,
      {
        clock,
      },
    );
  });
  afterAll(() => app.close());

  const reactorCaughtUp = () => caughtUp(app);

  /** Lets `ms` pass and sends what is due then, as the worker's sweep does. */
  async function timePasses(ms: number) {
    await reactorCaughtUp();
    clock.advance(ms);
    await app.app.get(NotificationReactor).sendDue();
  }
  const quarterHourPasses = () => timePasses(DIGEST_WINDOW_MS);
  /** The worker's sweep, half a minute apart. */
  const sweepRuns = () => timePasses(30_000);

  /** The notification mails the user got (not the account's own mails), oldest first. */
  const mailsTo = async (user: RegisteredUser) =>
    (await outbox(app))
      .filter((m) => m.to === user.email && /^Your (post|comment) got/.test(m.subject))
      .reverse();

  const comment = (user: RegisteredUser, postId: string, text: string) =>
    user.agent.post(`/api/posts/${postId}/comments`).send({ text }).expect(201);

  it('mails the first comment within a minute, and the 40 that follow within the quarter hour in one mail quoting none', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const flooder = await verifiedUser(app);
    await comment(flooder, postId, 'First!');
    await sweepRuns();
    expect((await mailsTo(author)).map((m) => m.subject)).toEqual(['Your post got 1 new comment']);

    await Promise.all(
      Array.from({ length: 40 }, (_, i) => comment(flooder, postId, `Look at my page ${i}`)),
    );
    // Nothing more while the quarter hour after the first mail runs.
    await sweepRuns();
    expect(await mailsTo(author)).toHaveLength(1);
    await quarterHourPasses();
    const mails = await mailsTo(author);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe('Your post got 40 new comments');
    expect(mails[1].text).toContain('got 40 new comments since our last email about it');
    expect(mails[1].text).toContain(`/post/${postId}`);
    expect(mails[1].text).not.toContain('Look at my page');
    expect(mails[1].html).not.toContain('Look at my page');
    // Sent once: another quarter hour without news sends nothing more.
    await quarterHourPasses();
    await quarterHourPasses();
    expect(await mailsTo(author)).toHaveLength(2);
    // A quiet quarter hour later, the next news goes out at once again.
    await comment(flooder, postId, 'Back again');
    await sweepRuns();
    expect((await mailsTo(author)).map((m) => m.subject)).toEqual([
      'Your post got 1 new comment',
      'Your post got 40 new comments',
      'Your post got 1 new comment',
    ]);
  });

  it('mails no address nobody proved: an author who has not opened the link hears nothing until they do', async () => {
    const author = await registerUser(app);
    const postId = await publishPost(app, author);
    const commenter = await verifiedUser(app);
    await comment(commenter, postId, 'Nice one');
    await sweepRuns();
    await quarterHourPasses();
    expect(await mailsTo(author)).toEqual([]);

    const token = await tokenFromMail(app, author.email, '/verify-email');
    await author.agent.post('/api/auth/verify-email').send({ token }).expect(200);
    await comment(commenter, postId, 'Still nice');
    await quarterHourPasses();
    expect((await mailsTo(author)).map((m) => m.subject)).toEqual(['Your post got 1 new comment']);
  });

  it('leaves out of a mail what moderation took away before it went: removed comments, a banned commenter’s, a removed post', async () => {
    const login = await request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD })
      .expect(200);
    const admin = sessionCookieOf(login.headers['set-cookie'], 'admin_sid');
    const asAdmin = (method: 'post' | 'delete', path: string) => {
      const agent = request(app.server);
      const call =
        method === 'post' ? agent.post(`/api/rtm-sys${path}`) : agent.delete(`/api/rtm-sys${path}`);
      return call.set('Cookie', admin).send({ reason: 'Spam' });
    };
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const spammer = await verifiedUser(app);
    const fan = await verifiedUser(app);
    const removed = (await comment(spammer, postId, 'Spam one')).body as Schema<'CommentResponse'>;
    await comment(fan, postId, 'Kept');
    await asAdmin('delete', `/comments/${removed.id}`).expect(200);
    await sweepRuns();
    expect((await mailsTo(author)).map((m) => m.subject)).toEqual(['Your post got 1 new comment']);

    // Within the quarter hour: a banned member's comment, then only the fan's is news.
    await comment(spammer, postId, 'Spam two');
    await comment(fan, postId, 'Still here');
    await asAdmin('post', `/users/${spammer.user.id}/ban`).expect(200);
    await quarterHourPasses();
    expect((await mailsTo(author)).map((m) => m.subject)).toEqual([
      'Your post got 1 new comment',
      'Your post got 1 new comment',
    ]);

    // A post removed before its news went out: no mail about it at all.
    const other = await publishPost(app, author);
    await comment(fan, other, 'On the other post');
    await asAdmin('delete', `/posts/${other}`).expect(200);
    await quarterHourPasses();
    expect((await mailsTo(author)).filter((m) => m.text.includes(`/post/${other}`))).toEqual([]);
  });

  it('mails the author of a comment about replies to it, under the comment switch', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const commenter = await verifiedUser(app);
    const replier = await verifiedUser(app);
    const posted = await comment(commenter, postId, 'Lovely arches');
    const threadId = (posted.body as Schema<'CommentResponse'>).id;
    const reply = (user: RegisteredUser, text: string) =>
      user.agent
        .post(`/api/posts/${postId}/comments`)
        .send({ text, parentCommentId: threadId })
        .expect(201);
    await sweepRuns();
    await reply(replier, 'Agreed!');
    // The commenter's own reply in their thread is no news to them.
    await reply(commenter, 'Thanks');
    await sweepRuns();
    const toCommenter = await mailsTo(commenter);
    expect(toCommenter.map((m) => m.subject)).toEqual(['Your comment got 1 new reply']);
    expect(toCommenter[0].text).toContain('Your comment on a post on SoleScore got 1 new reply.');
    expect(toCommenter[0].text).toContain(`/post/${postId}`);
    expect(toCommenter[0].text).not.toContain('Agreed');
    // The post's author hears of all three as comments on their post.
    await quarterHourPasses();
    expect((await mailsTo(author)).map((m) => m.subject)).toEqual([
      'Your post got 1 new comment',
      'Your post got 2 new comments',
    ]);

    // A reply to the post author's own comment is told to them once, as a reply.
    const own = await comment(author, postId, 'Thanks all');
    const ownThread = (own.body as Schema<'CommentResponse'>).id;
    await quarterHourPasses();
    await replier.agent
      .post(`/api/posts/${postId}/comments`)
      .send({ text: 'You are welcome', parentCommentId: ownThread })
      .expect(201);
    await sweepRuns();
    expect((await mailsTo(author)).map((m) => m.subject).slice(2)).toEqual([
      'Your comment got 1 new reply',
    ]);

    // With the comment switch off, replies are not mailed.
    await commenter.agent
      .patch('/api/auth/email-preferences')
      .send({
        emailNotificationsRating: true,
        emailNotificationsComment: false,
        emailNotificationsAchievements: true,
      })
      .expect(200);
    await quarterHourPasses();
    await reply(replier, 'One more');
    await quarterHourPasses();
    expect(await mailsTo(commenter)).toHaveLength(1);
  });

  it('counts ratings and comments together, one mail per post, and none for the author’s own comments', async () => {
    const author = await verifiedUser(app);
    const [first, second] = [await publishPost(app, author), await publishPost(app, author)];
    const [a, b] = [await verifiedUser(app), await verifiedUser(app)];
    await a.agent.post('/api/ratings/submit').send({ postId: first, overallScore: 9 }).expect(201);
    await b.agent.post('/api/ratings/submit').send({ postId: first, overallScore: 4 }).expect(201);
    await comment(a, first, 'Gorgeous');
    await comment(author, first, 'Thanks!');
    await comment(b, second, 'Nice');
    await quarterHourPasses();
    const mails = await mailsTo(author);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Your post got 1 new comment',
      'Your post got 1 new comment and 2 new ratings',
    ]);
    const aboutFirst = mails.find((m) => m.text.includes(`/post/${first}`));
    expect(aboutFirst?.subject).toBe('Your post got 1 new comment and 2 new ratings');
  });

  it('leaves out what the author turned off, and sends nothing when both are off', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const preferences = (rating: boolean, comments: boolean) =>
      author.agent
        .patch('/api/auth/email-preferences')
        .send({
          emailNotificationsRating: rating,
          emailNotificationsComment: comments,
          emailNotificationsAchievements: true,
        })
        .expect(200);
    await preferences(true, false);
    const member = await verifiedUser(app);
    await member.agent.post('/api/ratings/submit').send({ postId, overallScore: 7 }).expect(201);
    await comment(member, postId, 'Hello');
    await quarterHourPasses();
    expect((await mailsTo(author)).map((m) => m.subject)).toEqual(['Your post got 1 new rating']);

    await preferences(false, false);
    const other = await verifiedUser(app);
    await other.agent.post('/api/ratings/submit').send({ postId, overallScore: 2 }).expect(201);
    await comment(other, postId, 'Hello again');
    await quarterHourPasses();
    expect(await mailsTo(author)).toHaveLength(1);
  });

  it('keeps counting across a restart, and mails once after it', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const member = await verifiedUser(app);
    await comment(member, postId, 'Before the restart');
    await member.agent.post('/api/ratings/submit').send({ postId, overallScore: 8 }).expect(201);
    await reactorCaughtUp();
    app = await app.restart();
    const other = await verifiedUser(app);
    await comment(other, postId, 'After the restart');
    await quarterHourPasses();
    const mails = await mailsTo(author);
    expect(mails.map((m) => m.subject)).toEqual(['Your post got 2 new comments and 1 new rating']);
    // A second instance's sweep, or this one's again, sends nothing more.
    await app.app.get(NotificationReactor).sendDue();
    expect(await mailsTo(author)).toHaveLength(1);
    expect(
      (await request(app.server).get(`/api/posts/${postId}`).expect(200)).body.commentsCount,
    ).toBe(2);
  });
});

describe('notification mails about a held rating', () => {
  let app: TestApp;
  let clock: TestClock;

  beforeAll(async () => {
    const start = Math.floor(Date.now() / DIGEST_WINDOW_MS) * DIGEST_WINDOW_MS + 60_000;
    clock = new TestClock(new Date(start));
    app = await startTestApp(
      { NOTIFICATION_SWEEP_SECONDS: '0', VOTE_WAIT_HOURS: '24', ...ROOMY_WRITE_LIMITS },
      undefined,
      { clock },
    );
  });
  afterAll(() => app.close());

  const ratingMails = async (user: RegisteredUser) =>
    (await outbox(app)).filter((m) => m.to === user.email && /new rating/.test(m.subject));

  it('says nothing of a rating the post does not count yet, and tells of it once it counts', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    // A day-old account's rating waits its day, as the post's figures show.
    const young = await verifiedUser(app);
    await young.agent.post('/api/ratings/submit').send({ postId, overallScore: 8 }).expect(201);
    const reactor = app.app.get(NotificationReactor);
    await caughtUp(app);
    clock.advance(DIGEST_WINDOW_MS);
    await reactor.sendDue();
    expect(await ratingMails(author)).toEqual([]);

    clock.advance(24 * 60 * 60 * 1000);
    expect(await app.app.get(HeldRatingsSweep).sweep()).toBe(1);
    await caughtUp(app);
    clock.advance(DIGEST_WINDOW_MS);
    await reactor.sendDue();
    expect((await ratingMails(author)).map((m) => m.subject)).toEqual([
      'Your post got 1 new rating',
    ]);
  });
});

/** Waits until the app's notification reactor has seen everything logged so far. */
async function caughtUp(app: TestApp) {
  const reactor = app.app.get(NotificationReactor);
  const head = (await app.events.headPosition()) ?? 0n;
  while ((reactor.handledThrough ?? -1n) < head) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}
