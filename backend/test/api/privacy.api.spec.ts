import { createHash, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConsoleLogger, Logger, type LoggerService } from '@nestjs/common';
import request from 'supertest';
import { rebuildReadModels } from '../../src/cli/rebuild-read-models';
import { loadConfig } from '../../src/config/config';
import {
  PERSONAL_DATA_KEYS,
  type PersonalDataKeys,
} from '../../src/application/ports/personal-data-keys.port';
import { isReviewedEventType } from '../../src/domain/shared/personal-data';
import { UnpublishedUploads } from '../../src/application/rate-photo/discard-unpublished-uploads/unpublished-uploads';
import { SqliteEventStore } from '../../src/infrastructure/event-store/sqlite-event-store';
import {
  eventsOf,
  outbox,
  registerUser,
  type RegisteredUser,
  sessionCookieOf,
} from '../support/accounts';
import {
  publishPost,
  type RatingResult,
  uploadRating,
  uploaderOf,
  verifiedUser,
} from '../support/community';
import { makeJpeg } from '../support/test-images';
import { startTestApp, type TestApp } from '../support/test-app';
import { DAY_MS, HOUR_MS, TestClock } from '../support/test-clock';
import type { Schema } from '../support/api-types';

const ENV = { UPLOAD_LIMIT_PER_HOUR: '100000' };

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Which needles appear, byte for byte (as UTF-8), in which files under the directory. */
function findInFiles(files: string[], needles: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const bytes = readFileSync(file);
    for (const needle of needles) {
      if (bytes.includes(Buffer.from(needle, 'utf8'))) found.push(`${needle} in ${file}`);
    }
  }
  return found;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A file under DATA_DIR/uploads for a public image address. */
const uploadFile = (dataDir: string, url: string) =>
  join(dataDir, 'uploads', url.replace(/^\/uploads\//, ''));

describe('erasing an account (DELETE /api/user)', () => {
  const clock = new TestClock(new Date('2026-11-18T12:00:00Z'));
  const dataDir = mkdtempSync(join(tmpdir(), 'erasure-'));
  let app: TestApp;
  afterAll(async () => {
    await app?.app.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves nothing of the person in any file under DATA_DIR after a rebuild, nor in any api answer', async () => {
    app = await startTestApp(ENV, dataDir, { clock });
    const displayName = 'Ann_Erasable_7';
    const bio = 'Barefoot runner who loves the beach at Tathra';
    const commentText = 'Such elegant arches, from the erasable Ann';
    const replyText = 'Replying as the erasable Ann';
    const reportReason = 'This looks like my own photo, says the erasable Ann';
    const instagram = '@ann.erasable';

    // Week 1: Ann and Bob post; Ann's post wins the week.
    const ann = await verifiedUser(app);
    const bob = await verifiedUser(app);
    const annPost = await publishPost(app, ann);
    const bobPost = await publishPost(app, bob);
    await bob.agent.post('/api/ratings/submit').send({ postId: annPost, overallScore: 10 });
    await ann.agent.post('/api/ratings/submit').send({ postId: bobPost, overallScore: 0 });
    await app.app.close();
    clock.advance(7 * DAY_MS);
    app = await startTestApp(ENV, dataDir, { clock });
    const closedWeeks = await until(
      async () => (await request(app.server).get('/api/leaderboard/weeks').expect(200)).body,
      (weeks: { winners: { userId: string }[] }[]) => weeks.length === 1,
    );
    expect(closedWeeks[0].winners.map((w) => w.userId)).toEqual([ann.user.id, bob.user.id]);
    const annAgain = { ...ann, agent: request.agent(app.server) };
    await annAgain.agent
      .post('/api/auth/login')
      .send({ email: ann.email, password: ann.password })
      .expect(200);
    const bobAgain = { ...bob, agent: request.agent(app.server) };
    await bobAgain.agent
      .post('/api/auth/login')
      .send({ email: bob.email, password: bob.password })
      .expect(200);

    // Week 2: a profile, a picture, a second post, comments, a reply, a like, a report.
    await annAgain.agent
      .patch('/api/user/profile')
      .send({ displayUsername: displayName, bio, socialLinks: { instagram } })
      .expect(200);
    const picture = await annAgain.agent
      .post('/api/user/profile/picture')
      .attach('picture', await makeJpeg({ width: 256, height: 256, seed: 4242 }), {
        filename: 'me.jpg',
        contentType: 'image/jpeg',
      })
      .expect(200);
    const pictureUrl = (picture.body as Schema<'ProfilePictureResponse'>).profilePictureUrl;
    const secondPost = await publishPost(app, annAgain as RegisteredUser);
    const annPostImage = (await request(app.server).get(`/api/posts/${secondPost}`).expect(200))
      .body.imageUrl as string;
    await annAgain.agent
      .post(`/api/posts/${bobPost}/comments`)
      .send({ text: commentText })
      .expect(201);
    await annAgain.agent
      .post(`/api/posts/${annPost}/comments`)
      // Not the same text as her reply on Bob's post: the comment filter refuses a repeat.
      .send({ text: `${replyText}, on her own post` })
      .expect(201);
    const bobThread = await bobAgain.agent
      .post(`/api/posts/${bobPost}/comments`)
      .send({ text: 'Thanks for looking, from Bob' })
      .expect(201);
    await annAgain.agent
      .post(`/api/posts/${bobPost}/comments`)
      .send({ text: replyText, parentCommentId: bobThread.body.id })
      .expect(201);
    await bobAgain.agent
      .post(`/api/posts/${annPost}/comments`)
      .send({ text: 'Bob says hi' })
      .expect(201);
    await annAgain.agent.post(`/api/posts/${bobPost}/like`).expect(200);
    await annAgain.agent
      .post(`/api/posts/${bobPost}/report`)
      .send({ reason: reportReason })
      .expect(201);
    const anonymousUsername = ann.user.anonymousUsername;
    const needles = [ann.email, displayName, bio, commentText, replyText, reportReason, instagram];

    // While the account lives, the log holds its personal data only sealed.
    const logFiles = () => filesUnder(dataDir).filter((f) => f.includes('events.sqlite'));
    expect(findInFiles(logFiles(), [...needles, anonymousUsername])).toEqual([]);
    expect(existsSync(uploadFile(dataDir, pictureUrl))).toBe(true);

    // A wrong or missing password erases nothing.
    const wrong = await annAgain.agent.delete('/api/user').send({ password: 'not my password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ message: 'Password is incorrect' });
    const missing = await annAgain.agent.delete('/api/user').send({});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Please enter your password to delete your account' });
    await annAgain.agent.get('/api/auth/me').expect(200);

    const erased = await annAgain.agent.delete('/api/user').send({ password: ann.password });
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ success: true });
    expect(String(erased.headers['set-cookie'])).toMatch(/sid=;/);
    // Every session of the account has ended, the first browser's too.
    await annAgain.agent.get('/api/auth/me').expect(401);
    await request(app.server).get('/api/auth/me').set('Cookie', ann.sessionCookie).expect(401);
    expect(await outbox(app)).not.toContainEqual(expect.objectContaining({ to: ann.email }));
    expect((await eventsOf(app, `user-${ann.user.id}`)).at(-1)).toMatchObject({
      type: 'AccountErased',
      data: { userId: ann.user.id, archivedWeeks: ['2026-W47'] },
    });

    const answersNothingOfAnn = async () => {
      const answers: string[] = [];
      const read = async (path: string, status = 200) => {
        const response = await request(app.server).get(path);
        expect({ path, status: response.status }).toEqual({ path, status });
        answers.push(response.text);
        return response.body as unknown;
      };
      const board = (await read('/api/posts')) as Schema<'PostResponse'>[];
      await read('/api/posts?sort=top');
      await read('/api/leaderboard/weekly');
      const weeks = (await read('/api/leaderboard/weeks')) as Schema<'WeekResponse'>[];
      await read('/api/leaderboard/weeks/2026-W47');
      expect(await read(`/api/posts?q=${displayName}`)).toEqual([]);
      expect(await read(`/api/posts?q=${anonymousUsername}`)).toEqual([]);
      await read(`/api/posts/${annPost}`, 404);
      await read(`/api/posts/${secondPost}`, 404);
      await read(`/api/posts/${annPost}/comments`, 404);
      await read(`/api/users/${ann.user.id}`, 404);
      const bobsPost = (await read(`/api/posts/${bobPost}`)) as Schema<'PostPageResponse'>;
      const comments = (await read(
        `/api/posts/${bobPost}/comments`,
      )) as Schema<'CommentResponse'>[];
      await read(`/api/users/${bob.user.id}`);
      for (const answer of answers) {
        for (const needle of [...needles, anonymousUsername, ann.user.id]) {
          expect(answer).not.toContain(needle);
        }
      }
      // Bob's post keeps Ann's like and rating as anonymous counts; her comments are gone.
      expect(board.map((post) => post.id)).toEqual([bobPost]);
      expect(bobsPost).toMatchObject({ likesCount: 1, voteCount: 1, commentsCount: 1 });
      expect(comments).toEqual([expect.objectContaining({ id: bobThread.body.id, replies: [] })]);
      // The archive keeps Bob's second place.
      expect(weeks[0].winners.map((w) => [w.rank, w.userId])).toEqual([[2, bob.user.id]]);
    };
    await answersNothingOfAnn();
    expect(existsSync(uploadFile(dataDir, pictureUrl))).toBe(false);
    expect(existsSync(uploadFile(dataDir, annPostImage))).toBe(false);

    // Rebuilt from the log, the read models hold nothing of Ann either.
    await app.app.close();
    await rebuildReadModels(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    app = await startTestApp(ENV, dataDir, { clock });
    await answersNothingOfAnn();

    // Her email signs in like an unknown one.
    const unknown = await request(app.server)
      .post('/api/auth/login')
      .send({ email: 'nobody.ever@example.com', password: ann.password });
    const signIn = await request(app.server)
      .post('/api/auth/login')
      .send({ email: ann.email, password: ann.password });
    expect([signIn.status, signIn.body]).toEqual([unknown.status, unknown.body]);
    expect(signIn.status).toBe(401);

    // Read through the app, the log says nothing of her any more: her key is gone.
    const [registeredAnn] = await eventsOf(app, `user-${ann.user.id}`);
    expect(registeredAnn.data).toEqual({
      userId: ann.user.id,
      email: null,
      passwordHash: null,
      anonymousUsername: null,
    });
    const texts = (await app.events.readAll())
      .filter((e) => e.type === 'CommentPosted')
      .map((e) => (e.data as { text: string | null }).text);
    expect(texts).toEqual([null, null, 'Thanks for looking, from Bob', null, 'Bob says hi']);

    // Every event type in the log has been reviewed for personal data.
    const types = new Set((await app.events.readAll()).map((event) => event.type));
    expect([...types].filter((type) => !isReviewedEventType(type))).toEqual([]);

    // With the app closed (write-ahead logs checkpointed), no file holds anything of her.
    await app.app.close();
    expect(findInFiles(filesUnder(dataDir), [...needles, anonymousUsername])).toEqual([]);
    // The scan does read the log: Bob's email is in the read models, sealed in the log.
    expect(findInFiles(filesUnder(dataDir), [bob.email]).length).toBeGreaterThan(0);
    const log = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    try {
      const registered = (await log.readAll()).filter((e) => e.type === 'UserRegistered');
      expect(registered.map((e) => (e.data as { email: unknown }).email)).toEqual([
        { $personal: expect.any(String) },
        { $personal: expect.any(String) },
      ]);
    } finally {
      await log.close();
    }

    // The email is free again.
    app = await startTestApp(ENV, dataDir, { clock });
    const again = await registerUser(app, ann.email, 'a brand new password');
    expect(again.user.id).not.toBe(ann.user.id);
    expect(again.user.email).toBe(ann.email);
  });
});

/** Every line the app logs, at every level, from now on (the test app logs errors only). */
function captureLogs(app: TestApp): string[] {
  const lines: string[] = [];
  const keep = (message: unknown, ...rest: unknown[]) => {
    lines.push([message, ...rest].map((part) => String(part)).join(' '));
  };
  const logger: LoggerService = { log: keep, warn: keep, error: keep, debug: keep, verbose: keep };
  app.app.useLogger(logger);
  return lines;
}

const EMAIL_ADDRESS = /[^\s@<>"']+@[^\s@<>"']+\.[a-z]{2,}/i;

describe('right after an erasure, with no rebuild and no restart', () => {
  const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };
  let app: TestApp;
  let logs: string[];
  beforeAll(async () => {
    app = await startTestApp({ ...ENV, ...ADMIN });
    logs = captureLogs(app);
  });
  afterAll(async () => {
    Logger.overrideLogger(new ConsoleLogger('', { logLevels: ['error'] }));
    await app.close();
  });

  it('leaves nothing of the person in the admin’s reports, the uploads, any file under DATA_DIR or any log line', async () => {
    const displayName = 'Cleo_Gone_Now_4';
    const bio = 'Walks barefoot along the Derwent every morning';
    const commentText = 'Lovely arches, says Cleo before leaving';
    const reportReason = 'Cleo thinks this one is not feet at all';
    const cleo = await verifiedUser(app);
    const dan = await verifiedUser(app);
    const danPost = await publishPost(app, dan);
    await cleo.agent
      .patch('/api/user/profile')
      .send({ displayUsername: displayName, bio })
      .expect(200);
    await cleo.agent.post(`/api/posts/${danPost}/comments`).send({ text: commentText }).expect(201);
    await cleo.agent
      .post(`/api/posts/${danPost}/report`)
      .send({ reason: reportReason })
      .expect(201);
    // A photo Cleo uploads while signed in and never publishes.
    const upload = await cleo.agent
      .post('/api/upload')
      .attach('image', await makeJpeg({ width: 344, height: 258, seed: 90_210 }), {
        filename: 'feet.jpg',
        contentType: 'image/jpeg',
      })
      .expect(200);
    const unpublished = upload.body as RatingResult;
    await cleo.agent.get(unpublished.imageUrl).expect(200);

    const admin = sessionCookieOf(
      (
        await request(app.server)
          .post('/api/rtm-sys/login')
          .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD })
          .expect(200)
      ).headers['set-cookie'],
      'admin_sid',
    );
    const reports = async () =>
      (await request(app.server).get('/api/rtm-sys/reports').set('Cookie', admin).expect(200)).text;
    expect(await reports()).toContain(reportReason);

    await cleo.agent.delete('/api/user').send({ password: cleo.password }).expect(200);

    // The report stays for the admins, without Cleo's words.
    const queue = await reports();
    expect(queue).toContain(danPost);
    expect(queue).not.toContain(reportReason);
    // Her unpublished upload is gone, image and thumbnail.
    const thumbnail = unpublished.imageUrl.replace(/\.webp$/, '.thumb.webp');
    await request(app.server).get(unpublished.imageUrl).expect(404);
    await request(app.server).get(thumbnail).expect(404);
    const publishAfter = await dan.agent.post('/api/posts/publish').send(unpublished);
    expect([publishAfter.status, publishAfter.body]).toEqual([
      404,
      { message: 'We have no rating for that photo: please upload it again' },
    ]);
    // No file under DATA_DIR holds her words, write-ahead logs included, while the app runs.
    const files = filesUnder(app.dataDir);
    expect(files.some((file) => file.endsWith('-wal'))).toBe(true);
    expect(findInFiles(files, [cleo.email, displayName, bio, commentText, reportReason])).toEqual(
      [],
    );
    // No log line ever held an email address (the mails to Cleo and Dan were logged).
    expect(logs.some((line) => /mail/i.test(line))).toBe(true);
    expect(logs.filter((line) => EMAIL_ADDRESS.test(line))).toEqual([]);
  });
});

describe('photos nobody published', () => {
  const clock = new TestClock(new Date('2026-11-18T12:00:00Z'));
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(ENV, undefined, { clock });
  });
  afterAll(() => app.close());

  it('are deleted by the hourly sweep once they are 24 hours old, unless published', async () => {
    const user = await registerUser(app);
    const old = await uploadRating(app);
    const posted = await uploadRating(app);
    await user.agent.post('/api/posts/publish').send(posted).expect(201);
    clock.advance(23 * HOUR_MS);
    const recent = await uploadRating(app);
    clock.advance(HOUR_MS + 1000);

    await app.app.get(UnpublishedUploads).sweep();

    await request(app.server).get(old.imageUrl).expect(404);
    await request(app.server)
      .get(old.imageUrl.replace(/\.webp$/, '.thumb.webp'))
      .expect(404);
    const late = await user.agent.post('/api/posts/publish').send(old).expect(404);
    expect(late.body).toEqual({
      message: 'We have no rating for that photo: please upload it again',
    });
    await request(app.server).get(posted.imageUrl).expect(200);
    await request(app.server).get(recent.imageUrl).set(uploaderOf(recent)).expect(200);
    await user.agent.post('/api/posts/publish').send(recent).expect(201);
    // A second sweep finds nothing more.
    expect(await app.app.get(UnpublishedUploads).sweep()).toBe(0);
  });
});

describe('GET /api/user/export', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(ENV);
  });
  afterAll(() => app.close());

  it('answers everything the app holds about the account as a JSON file, without secrets', async () => {
    const ann = await verifiedUser(app);
    const bob = await verifiedUser(app);
    const bobPost = await publishPost(app, bob);
    const annPost = await publishPost(app, ann);
    await ann.agent
      .patch('/api/user/profile')
      .send({ displayUsername: 'Ann_Exports', bio: 'Hello' })
      .expect(200);
    await ann.agent.patch('/api/auth/email-preferences').send({ emailNotificationsRating: false });
    const comment = await ann.agent
      .post(`/api/posts/${bobPost}/comments`)
      .send({ text: 'Nice one' })
      .expect(201);
    await ann.agent.post(`/api/posts/${bobPost}/like`).expect(200);
    await ann.agent.post(`/api/comments/${comment.body.id}/like`).expect(200);
    await ann.agent.delete(`/api/comments/${comment.body.id}/like`).expect(200);
    await ann.agent.post('/api/ratings/submit').send({ postId: bobPost, overallScore: 7 });
    await ann.agent.post(`/api/posts/${bobPost}/report`).send({ reason: 'Not feet' }).expect(201);
    await bob.agent.post(`/api/posts/${annPost}/like`).expect(200);

    const response = await ann.agent.get('/api/user/export').expect(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="solescore-export.json"',
    );
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    // The document describes the export as a JSON object only, with no fields.
    const data = response.body as Record<string, unknown> & {
      history: { type: string }[];
      sessions: { current: boolean }[];
    };
    expect(data).toMatchObject({
      format: 'solescore-account-export',
      version: 1,
      account: {
        id: ann.user.id,
        email: ann.email,
        anonymousUsername: ann.user.anonymousUsername,
        displayUsername: 'Ann_Exports',
        bio: 'Hello',
        emailVerified: true,
      },
      emailPreferences: {
        emailNotificationsRating: false,
        emailNotificationsComment: true,
        emailNotificationsAchievements: true,
      },
      posts: [{ id: annPost, likesCount: 1, commentsCount: 0, voteCount: 0 }],
      comments: [{ id: comment.body.id, postId: bobPost, text: 'Nice one' }],
      likes: [{ target: 'post', targetId: bobPost, postId: bobPost }],
      ratingsGiven: [{ postId: bobPost, score: 7 }],
      reports: [{ postId: bobPost, reason: 'Not feet' }],
    });
    expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect(data.history.map((event) => event.type)).toEqual(
      expect.arrayContaining(['UserRegistered', 'EmailVerified', 'ProfileUpdated']),
    );
    // No password, no password hash, no token or token hash.
    expect(response.text).not.toContain(ann.password);
    expect(response.text).not.toContain('argon2');
    const sessionToken = ann.sessionCookie.split('=')[1];
    expect(response.text).not.toContain(sessionToken);
    expect(response.text).not.toContain(createHash('sha256').update(sessionToken).digest('hex'));
    // Nothing of anybody else's account.
    expect(response.text).not.toContain(bob.email);
  });

  it('needs a session', async () => {
    await request(app.server).delete('/api/user').send({ password: 'whatever 123' }).expect(401);
    const response = await request(app.server).get('/api/user/export').expect(401);
    expect(response.body).toEqual({ message: 'Please sign in to continue.' });
  });
});

describe('finishing an erasure', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(ENV);
  });
  afterAll(() => app.close());

  it('destroys the key of an account erased in the log whose erasure stopped before that', async () => {
    const { user } = await verifiedUser(app);
    const keys = app.app.get<PersonalDataKeys>(PERSONAL_DATA_KEYS);
    expect(await keys.find(user.id)).not.toBeNull();
    // What an erasure that stopped right after recording the erasure leaves behind.
    await app.events.appendToStream(`user-${user.id}`, [
      {
        id: randomUUID(),
        type: 'AccountErased',
        data: { userId: user.id, tokenHashes: [], archivedWeeks: [] },
        metadata: {
          actor: { type: 'user', id: user.id },
          correlationId: 'c',
          causationId: 'c',
          at: new Date().toISOString(),
        },
      },
    ]);
    await until(
      () => keys.find(user.id),
      (key) => key === null,
    );
    expect((await eventsOf(app, `user-${user.id}`))[0].data).toMatchObject({ email: null });
  });

  it('destroys again a key brought back by restoring the key store from a backup', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'restore-'));
    let restored = await startTestApp(ENV, dataDir);
    try {
      const ann = await verifiedUser(restored);
      const keysFile = join(dataDir, 'personal-data-keys.sqlite');
      await restored.app.close();
      const backup = readFileSync(keysFile);

      restored = await startTestApp(ENV, dataDir);
      const signedIn = request.agent(restored.server);
      await signedIn
        .post('/api/auth/login')
        .send({ email: ann.email, password: ann.password })
        .expect(200);
      await signedIn.delete('/api/user').send({ password: ann.password }).expect(200);
      await restored.app.close();

      // The key store comes back from the backup taken before the erasure.
      for (const name of readdirSync(dataDir)) {
        if (name.startsWith('personal-data-keys.sqlite')) rmSync(join(dataDir, name));
      }
      writeFileSync(keysFile, backup);

      restored = await startTestApp(ENV, dataDir);
      const keys = restored.app.get<PersonalDataKeys>(PERSONAL_DATA_KEYS);
      await until(
        () => keys.find(ann.user.id),
        (key) => key === null,
      );
      expect((await eventsOf(restored, `user-${ann.user.id}`))[0].data).toMatchObject({
        email: null,
      });
    } finally {
      await restored.close();
    }
  });
});
