import request from 'supertest';
import { eventsOf, sessionCookieOf } from '../support/accounts';
import { publishPost, verifiedUser } from '../support/community';
import { makeJpeg } from '../support/test-images';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };

describe('profiles under the same rules as comments', () => {
  let app: TestApp;
  let cookie: string;
  const admin = () => ({
    get: (path: string) => request(app.server).get(`/api/rtm-sys${path}`).set('Cookie', cookie),
    post: (path: string) => request(app.server).post(`/api/rtm-sys${path}`).set('Cookie', cookie),
  });
  const publicUser = async (id: string) =>
    (
      (await request(app.server).get(`/api/users/${id}`).expect(200))
        .body as Schema<'PublicProfileResponse'>
    ).user;

  beforeAll(async () => {
    app = await startTestApp(ADMIN);
    const signIn = await request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD })
      .expect(200);
    cookie = sessionCookieOf(signIn.headers['set-cookie'], 'admin_sid');
  });
  afterAll(() => app.close());

  /** A member with a display name, a bio, two links and a picture, and a post showing them. */
  const fullProfile = async (name: string) => {
    const member = await verifiedUser(app);
    await member.agent
      .patch('/api/user/profile')
      .send({
        displayUsername: name,
        bio: 'Pedicures on Sundays',
        socialLinks: { instagram: '@sunny.soles', tiktok: '@sunny' },
      })
      .expect(200);
    const jpeg = await makeJpeg({ width: 600, height: 450, seed: 77 });
    await member.agent
      .post('/api/user/profile/picture')
      .attach('picture', jpeg, { filename: 'me.jpg', contentType: 'image/jpeg' })
      .expect(200);
    const postId = await publishPost(app, member);
    return { ...member, postId };
  };

  it('refuses offensive words and a young account’s links in a profile, after NFKC', async () => {
    const { agent } = await verifiedUser(app);
    const offensive = await agent
      .patch('/api/user/profile')
      .send({ bio: 'a ｆｕｃｋｉｎｇ legend' })
      .expect(400);
    expect(offensive.body).toEqual({
      message:
        'Your bio was not saved: it contains language our community guidelines do not allow. Please rephrase it.',
    });
    const link = await agent
      .patch('/api/user/profile')
      .send({ bio: 'pics at myfeet。com' })
      .expect(400);
    expect(link.body).toEqual({
      message:
        'Your bio was not saved: links are allowed once your account is 7 days old. Please remove the link.',
    });
    await agent
      .patch('/api/user/profile')
      .send({ socialLinks: { twitter: 'https://myfeet.example/buy' } })
      .expect(400);
    await agent.patch('/api/user/profile').send({ displayUsername: 'sh1t_lord' }).expect(400);
    // Nothing of it was recorded.
    const profile = (await agent.get('/api/user').expect(200)).body as Schema<'UserResponse'>;
    expect(profile).toMatchObject({ displayUsername: null, bio: null, socialLinks: null });
  });

  it('refuses a look-alike of a display name shown, with the name-taken message', async () => {
    const first = await verifiedUser(app);
    const second = await verifiedUser(app);
    await first.agent.patch('/api/user/profile').send({ displayUsername: 'Moon_Toes' }).expect(200);
    for (const lookalike of ['rnoon_toes', 'M0ON.TOES', 'Ｍｏｏｎ_Ｔｏｅｓ']) {
      const refused = await second.agent
        .patch('/api/user/profile')
        .send({ displayUsername: lookalike })
        .expect(409);
      expect(refused.body).toEqual({ message: 'This display name is already taken' });
    }
  });

  it('hides a banned account’s bio, links and picture everywhere the public sees them', async () => {
    const member = await fullProfile('Banned_Toes');
    const shown = await publicUser(member.user.id);
    expect(shown).toMatchObject({ bio: 'Pedicures on Sundays' });
    expect(shown.profilePictureUrl).toEqual(expect.any(String));

    await admin().post(`/users/${member.user.id}/ban`).send({ reason: 'Spam' }).expect(200);
    expect(await publicUser(member.user.id)).toEqual({
      id: member.user.id,
      displayUsername: 'Banned_Toes',
      anonymousUsername: member.user.anonymousUsername,
      bio: null,
      socialLinks: null,
      profilePictureUrl: null,
    });
    // The admin still sees what the account set.
    const seen = (await admin().get(`/users?search=Banned_Toes`).expect(200))
      .body as Schema<'AdminUserPage'>;
    expect(seen.items[0]).toMatchObject({ bio: 'Pedicures on Sundays' });

    // Lifted, it shows again (the post too, with its author's picture).
    await admin().post(`/users/${member.user.id}/lift`).send({}).expect(200);
    expect(await publicUser(member.user.id)).toMatchObject({ bio: 'Pedicures on Sundays' });
    const post = (await request(app.server).get(`/api/posts/${member.postId}`).expect(200))
      .body as Schema<'PostPageResponse'>;
    expect(post).toMatchObject({ bio: 'Pedicures on Sundays', socialLinks: expect.any(Object) });
  });

  it('lets an admin clear each field, audited with the admin as actor', async () => {
    const member = await fullProfile('Clear_Toes');
    const other = await verifiedUser(app);

    await admin()
      .post(`/users/${member.user.id}/profile/clear`)
      .send({ fields: ['bio'] })
      .expect(400);
    await admin()
      .post(`/users/${member.user.id}/profile/clear`)
      .send({ fields: ['email'], reason: 'x' })
      .expect(400);
    await admin()
      .post('/users/00000000-0000-4000-8000-000000000000/profile/clear')
      .send({ fields: ['bio'], reason: 'x' })
      .expect(404);

    const cleared = await admin()
      .post(`/users/${member.user.id}/profile/clear`)
      .send({
        fields: ['bio', 'socialLinks.instagram', 'profilePicture', 'displayUsername'],
        reason: 'Advertising',
      })
      .expect(200);
    expect(cleared.body).toMatchObject({
      displayUsername: null,
      bio: null,
      socialLinks: { tiktok: '@sunny' },
      profilePictureUrl: null,
    });
    expect(await publicUser(member.user.id)).toMatchObject({
      displayUsername: null,
      bio: null,
      socialLinks: { tiktok: '@sunny' },
      profilePictureUrl: null,
    });
    const post = (await request(app.server).get(`/api/posts/${member.postId}`).expect(200))
      .body as Schema<'PostPageResponse'>;
    expect(post).toMatchObject({ displayUsername: null, bio: null, profilePictureUrl: null });

    const events = await eventsOf(app, `user-${member.user.id}`);
    expect(events.at(-1)).toMatchObject({
      type: 'UserProfileCleared',
      data: {
        fields: ['bio', 'socialLinks.instagram', 'profilePicture', 'displayUsername'],
        reason: 'Advertising',
      },
      metadata: { actor: { type: 'admin' } },
    });
    const audit = (await admin().get(`/audit?target=${member.user.id}`).expect(200))
      .body as Schema<'AuditPage'>;
    expect(audit.items[0]).toMatchObject({
      kind: 'UserProfileCleared',
      actorType: 'admin',
      reason: 'Advertising',
      targetType: 'user',
    });
    // The cleared name is free again.
    await other.agent
      .patch('/api/user/profile')
      .send({ displayUsername: 'Clear_Toes' })
      .expect(200);
    // Clearing what is already empty changes nothing and records nothing.
    await admin()
      .post(`/users/${member.user.id}/profile/clear`)
      .send({ fields: ['bio'], reason: 'Again' })
      .expect(200);
    expect(await eventsOf(app, `user-${member.user.id}`)).toHaveLength(events.length);
  });
});
