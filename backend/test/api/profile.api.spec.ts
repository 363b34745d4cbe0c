import sharp from 'sharp';
import request from 'supertest';
import { accountKeys, eventsOf } from '../support/accounts';
import { verifiedUser } from '../support/community';
import { makeJpeg, makeNoisyJpegOfSize } from '../support/test-images';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

describe('the signed-in user’s profile', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('answers GET /api/user with the current user, and 401 when signed out', async () => {
    const { agent, user } = await verifiedUser(app);
    expect((await agent.get('/api/user').expect(200)).body).toEqual(user);
    const signedOut = await request(app.server).get('/api/user').expect(401);
    expect(signedOut.body).toEqual({ message: 'Please sign in to continue.' });
  });

  it('updates display name, bio and social links, and records the change', async () => {
    const { agent, user } = await verifiedUser(app);
    const response = await agent
      .patch('/api/user/profile')
      .send({
        displayUsername: '  Ann.Walker_1 ',
        bio: 'Barefoot runner.\nBeach lover.',
        socialLinks: {
          instagram: '@ann.walks',
          twitter: '',
          youtube: 'https://www.youtube.com/@annwalks',
          snapchat: '   ',
        },
      })
      .expect(200);
    expect(response.body).toEqual({
      ...user,
      displayUsername: 'Ann.Walker_1',
      bio: 'Barefoot runner.\nBeach lover.',
      socialLinks: { instagram: '@ann.walks', youtube: 'https://www.youtube.com/@annwalks' },
    });
    expect((await agent.get('/api/user').expect(200)).body).toEqual(response.body);
    expect((await eventsOf(app, `user-${user.id}`)).at(-1)).toMatchObject({
      type: 'ProfileUpdated',
      data: { displayUsername: 'Ann.Walker_1' },
    });
    expect(await eventsOf(app, accountKeys(app).displayNameStream('ann.walker_1'))).toHaveLength(1);
  });

  it('clears blank fields to null, and social links to null when none remain', async () => {
    const { agent } = await verifiedUser(app);
    await agent
      .patch('/api/user/profile')
      .send({ displayUsername: 'Clearable', bio: 'Something', socialLinks: { tiktok: 'me' } })
      .expect(200);
    const cleared = await agent
      .patch('/api/user/profile')
      .send({ displayUsername: '   ', bio: '', socialLinks: { tiktok: '', instagram: '' } })
      .expect(200);
    expect(cleared.body).toMatchObject({ displayUsername: null, bio: null, socialLinks: null });
  });

  it('leaves fields that are not sent as they are', async () => {
    const { agent } = await verifiedUser(app);
    await agent
      .patch('/api/user/profile')
      .send({ displayUsername: 'KeepMe', bio: 'First bio', socialLinks: null })
      .expect(200);
    const response = await agent.patch('/api/user/profile').send({ bio: 'Second bio' }).expect(200);
    expect(response.body).toMatchObject({ displayUsername: 'KeepMe', bio: 'Second bio' });
  });

  it('keeps a 500-character bio and refuses 501', async () => {
    const { agent } = await verifiedUser(app);
    await agent
      .patch('/api/user/profile')
      .send({ bio: 'b'.repeat(500) })
      .expect(200);
    const response = await agent
      .patch('/api/user/profile')
      .send({ bio: 'b'.repeat(501) })
      .expect(400);
    expect(response.body).toEqual({ message: 'Bio must be at most 500 characters' });
  });

  it.each([
    [{ displayUsername: 'ab' }, 'Display name must be 3 to 30 characters'],
    [{ displayUsername: 'a'.repeat(31) }, 'Display name must be 3 to 30 characters'],
    [
      { displayUsername: 'Ann Walker' },
      'Display name may only contain letters, numbers, underscores, dots and hyphens',
    ],
    [
      { displayUsername: '<script>' },
      'Display name may only contain letters, numbers, underscores, dots and hyphens',
    ],
    [
      { socialLinks: 'ann' },
      'Social links must be an object keyed by instagram, twitter, tiktok, youtube or snapchat',
    ],
    [
      { socialLinks: { facebook: 'ann' } },
      'Unknown social link "facebook": use instagram, twitter, tiktok, youtube or snapchat',
    ],
    [
      { socialLinks: { instagram: 'javascript:alert(1)' } },
      'Instagram link must be a username or a link starting with http:// or https://',
    ],
    [
      { socialLinks: { twitter: `https://x.com/${'a'.repeat(190)}` } },
      'Twitter/X link must be at most 200 characters',
    ],
    [{ socialLinks: { youtube: 42 } }, 'YouTube link must be text'],
    [{ email: 'new@example.com' }, 'property email should not exist'],
  ])('refuses %p with 400 and changes nothing', async (body, message) => {
    const { agent, user } = await verifiedUser(app);
    const response = await agent.patch('/api/user/profile').send(body).expect(400);
    expect(response.body).toEqual({ message });
    expect((await agent.get('/api/user')).body).toEqual(user);
  });

  it('refuses a display name someone else has, whatever its case', async () => {
    const ann = await verifiedUser(app);
    const bob = await verifiedUser(app);
    await ann.agent.patch('/api/user/profile').send({ displayUsername: 'FootQueen' }).expect(200);
    const response = await bob.agent
      .patch('/api/user/profile')
      .send({ displayUsername: 'footqueen' })
      .expect(409);
    expect(response.body).toEqual({ message: 'This display name is already taken' });
  });

  it('refuses someone else’s anonymous username as a display name, but allows one’s own', async () => {
    const ann = await verifiedUser(app);
    const bob = await verifiedUser(app);
    const response = await bob.agent
      .patch('/api/user/profile')
      .send({ displayUsername: ann.user.anonymousUsername.toLowerCase() })
      .expect(409);
    expect(response.body).toEqual({ message: 'This display name is already taken' });
    await ann.agent
      .patch('/api/user/profile')
      .send({ displayUsername: ann.user.anonymousUsername })
      .expect(200);
  });

  it('frees the old display name when it changes, and a case change keeps it', async () => {
    const ann = await verifiedUser(app);
    const bob = await verifiedUser(app);
    await ann.agent.patch('/api/user/profile').send({ displayUsername: 'FirstName' }).expect(200);
    await ann.agent.patch('/api/user/profile').send({ displayUsername: 'FIRSTNAME' }).expect(200);
    await bob.agent.patch('/api/user/profile').send({ displayUsername: 'firstname' }).expect(409);
    await ann.agent.patch('/api/user/profile').send({ displayUsername: 'SecondName' }).expect(200);
    const taken = await bob.agent
      .patch('/api/user/profile')
      .send({ displayUsername: 'firstname' })
      .expect(200);
    expect(taken.body).toMatchObject({ displayUsername: 'firstname' });
    expect(
      (await eventsOf(app, accountKeys(app).displayNameStream('firstname'))).map((e) => e.type),
    ).toEqual(['ReservationClaimed', 'ReservationReleased', 'ReservationClaimed']);
  });

  it('needs a session to edit the profile', async () => {
    await request(app.server).patch('/api/user/profile').send({ bio: 'x' }).expect(401);
  });
});

describe('POST /api/user/profile/picture', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('stores the picture through the image pipeline and sets it on the profile', async () => {
    const { agent, user } = await verifiedUser(app);
    const jpeg = await makeJpeg({ width: 1200, height: 900, seed: 31, withGps: true });
    const response = await agent
      .post('/api/user/profile/picture')
      .attach('picture', jpeg, { filename: 'me.jpg', contentType: 'image/jpeg' })
      .expect(200);
    expect(response.body).toEqual({
      success: true,
      profilePictureUrl: expect.stringMatching(
        /^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.thumb\.webp$/,
      ),
    });
    const { profilePictureUrl } = response.body as Schema<'ProfilePictureResponse'>;
    expect((await agent.get('/api/user')).body).toMatchObject({ profilePictureUrl });
    expect((await eventsOf(app, `user-${user.id}`)).at(-1)).toMatchObject({
      type: 'ProfilePictureChanged',
      data: { profilePictureUrl },
    });

    const image = await request(app.server).get(profilePictureUrl).expect(200);
    const stored = await sharp(image.body as Buffer).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();
    expect(Math.max(stored.width ?? 0, stored.height ?? 0)).toBeLessThanOrEqual(480);
  });

  it('refuses a file that is not an image, and a missing file', async () => {
    const { agent } = await verifiedUser(app);
    const text = await agent
      .post('/api/user/profile/picture')
      .attach('picture', Buffer.from('not an image at all\n'.repeat(20)), {
        filename: 'me.jpg',
        contentType: 'image/jpeg',
      })
      .expect(400);
    expect(text.body).toEqual({ message: 'Please upload an image file' });
    const missing = await agent.post('/api/user/profile/picture').field('x', 'y').expect(400);
    expect(missing.body).toEqual({ message: 'Please upload an image file' });
  });

  it('refuses an image over 10 MB with 413', async () => {
    const { agent } = await verifiedUser(app);
    const big = await makeNoisyJpegOfSize(11 * 1024 * 1024);
    const response = await agent
      .post('/api/user/profile/picture')
      .attach('picture', big, { filename: 'big.jpg', contentType: 'image/jpeg' });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      message: 'Images must be 10 MB or smaller. Please choose a smaller photo.',
    });
  });

  it('needs a session', async () => {
    const jpeg = await makeJpeg({ width: 256, height: 256, seed: 4 });
    await request(app.server)
      .post('/api/user/profile/picture')
      .attach('picture', jpeg, { filename: 'me.jpg', contentType: 'image/jpeg' })
      .expect(401);
  });
});

describe('GET /api/users/:userId', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('answers the public profile, never the email, with no posts yet', async () => {
    const { agent, user } = await verifiedUser(app);
    await agent
      .patch('/api/user/profile')
      .send({ displayUsername: 'PublicAnn', bio: 'Hi', socialLinks: { tiktok: '@ann' } })
      .expect(200);
    const response = await request(app.server).get(`/api/users/${user.id}`).expect(200);
    expect(response.body).toEqual({
      user: {
        id: user.id,
        displayUsername: 'PublicAnn',
        anonymousUsername: user.anonymousUsername,
        bio: 'Hi',
        socialLinks: { tiktok: '@ann' },
        profilePictureUrl: null,
      },
      posts: [],
    });
    expect(JSON.stringify(response.body)).not.toContain(user.email);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '..%2F..%2Fetc'])(
    'answers 404 "User not found" for %s',
    async (userId) => {
      const response = await request(app.server).get(`/api/users/${userId}`).expect(404);
      expect(response.body).toEqual({ message: 'User not found' });
    },
  );
});
