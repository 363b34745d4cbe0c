import request from 'supertest';
import {
  DIGEST_WINDOW_MS,
  NotificationReactor,
} from '../../src/application/community/notification-reactor';
import { outbox, type RegisteredUser } from '../support/accounts';
import { publishPost, verifiedUser } from '../support/community';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

/**
 * An author hears of a post's new comments and ratings at most once per quarter hour, in one
 * mail that says how many came in and quotes nobody. The clock is moved by hand past the end of
 * the quarter hour, and the digests due then are sent.
 */
describe('notification mails about a post', () => {
  let app: TestApp;
  let clock: TestClock;

  beforeAll(async () => {
    // A minute into a quarter hour: everything a test does falls in that one.
    const start = Math.floor(Date.now() / DIGEST_WINDOW_MS) * DIGEST_WINDOW_MS + 60_000;
    clock = new TestClock(new Date(start));
    // The write limits out of the way: this is what is mailed when a flood gets through.
    app = await startTestApp(
      { UPLOAD_LIMIT_PER_HOUR: '100000', ...ROOMY_WRITE_LIMITS },
      undefined,
      {
        clock,
      },
    );
  });
  afterAll(() => app.close());

  /** Waits until the reactor has seen everything logged so far. */
  async function reactorCaughtUp() {
    const reactor = app.app.get(NotificationReactor);
    const head = (await app.events.headPosition()) ?? 0n;
    while ((reactor.handledThrough ?? -1n) < head) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Ends the current quarter hour and sends what is due then. */
  async function quarterHourPasses() {
    await reactorCaughtUp();
    clock.advance(DIGEST_WINDOW_MS);
    await app.app.get(NotificationReactor).sendDue();
  }

  /** The notification mails the user got (not the account's own mails). */
  const mailsTo = async (user: RegisteredUser) =>
    (await outbox(app)).filter((m) => m.to === user.email && m.subject.startsWith('Your post'));

  const comment = (user: RegisteredUser, postId: string, text: string) =>
    user.agent.post(`/api/posts/${postId}/comments`).send({ text }).expect(201);

  it('sends the author one mail for 40 comments by one account, saying how many, quoting none', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const flooder = await verifiedUser(app);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => comment(flooder, postId, `Visit spam.example ${i}`)),
    );
    await reactorCaughtUp();
    // Nothing yet: the quarter hour is still running.
    expect(await mailsTo(author)).toEqual([]);
    await quarterHourPasses();
    const mails = await mailsTo(author);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your post got 40 new comments');
    expect(mails[0].text).toContain('got 40 new comments in the last quarter of an hour');
    expect(mails[0].text).toContain(`/post/${postId}`);
    expect(mails[0].text).not.toContain('spam.example');
    expect(mails[0].html).not.toContain('spam.example');
    // Sent once: another sweep, or another quarter hour without news, sends nothing more.
    await quarterHourPasses();
    expect(await mailsTo(author)).toHaveLength(1);
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

  it('tells a comment counted after its quarter hour’s mail went out in the next mail, not never', async () => {
    const author = await verifiedUser(app);
    const postId = await publishPost(app, author);
    const member = await verifiedUser(app);
    await comment(member, postId, 'On time');
    await quarterHourPasses();
    expect((await mailsTo(author)).map((m) => m.subject)).toEqual(['Your post got 1 new comment']);
    // A comment of that quarter hour that the reactor reaches only after its mail was sent (as
    // when the worker is behind): made here by posting it with the clock put back.
    clock.advance(-DIGEST_WINDOW_MS);
    await comment(member, postId, 'Late');
    clock.advance(DIGEST_WINDOW_MS);
    await reactorCaughtUp();
    await app.app.get(NotificationReactor).sendDue();
    // Not at once (the last mail was just sent), but a quarter hour later.
    expect(await mailsTo(author)).toHaveLength(1);
    await quarterHourPasses();
    expect((await mailsTo(author)).map((m) => m.subject)).toEqual([
      'Your post got 1 new comment',
      'Your post got 1 new comment',
    ]);
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
