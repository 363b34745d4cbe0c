import request from 'supertest';
import { sessionCookieOf } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

const ROOT = { username: 'root_admin', password: 'a long admin password' };
const ENV = {
  ADMIN_USERNAME: ROOT.username,
  ADMIN_PASSWORD: ROOT.password,
  TRUST_PROXY: '1',
  LOGIN_LIMIT_PER_ACCOUNT: '3',
};
const RACE_ROUNDS = 20;
const RACING_SIGN_INS = 6;

interface Signed {
  id: string;
  cookie: string;
}

describe('sensitive admin actions ask for the acting admin’s current password', () => {
  let app: TestApp;
  let address = 0;
  /** Each test from its own address, so the per-address limits of one do not touch another. */
  let from: { 'X-Forwarded-For': string };
  beforeAll(async () => {
    app = await startTestApp(ENV);
  });
  afterAll(() => app.close());
  beforeEach(() => {
    address += 1;
    from = { 'X-Forwarded-For': `198.51.100.${address}` };
  });

  const signIn = async (username: string, password: string): Promise<Signed> => {
    const response = await request(app.server)
      .post('/api/rtm-sys/login')
      .set(from)
      .send({ username, password })
      .expect(200);
    return {
      id: (response.body as Schema<'AdminResponse'>).id,
      cookie: sessionCookieOf(response.headers['set-cookie'], 'admin_sid'),
    };
  };
  const post = (admin: Signed, path: string, body: object) =>
    request(app.server)
      .post(`/api/rtm-sys${path}`)
      .set(from)
      .set('Cookie', admin.cookie)
      .send(body);
  const me = (admin: Signed) =>
    request(app.server).get('/api/rtm-sys/me').set('Cookie', admin.cookie);
  const adminEventCount = async () =>
    (await app.events.readAll()).filter(
      (e) => e.streamId.startsWith('admin-') || e.streamId === 'admins-roster',
    ).length;

  let created = 0;
  /** A new admin, created by root, and signed in. */
  const newAdmin = async (root: Signed) => {
    created += 1;
    const credentials = { username: `helper_${created}`, password: `helper ${created} password` };
    await post(root, '/admins', { ...credentials, currentPassword: ROOT.password }).expect(200);
    return { ...credentials, ...(await signIn(credentials.username, credentials.password)) };
  };

  it('refuses each of them with a missing or wrong current password, and changes nothing', async () => {
    const root = await signIn(ROOT.username, ROOT.password);
    const other = await newAdmin(root);
    const actions: [string, object][] = [
      ['/admins', { username: 'never_created', password: 'a long enough password' }],
      [`/admins/${other.id}/password`, { password: 'a long enough password' }],
      [`/admins/${other.id}/disable`, { reason: 'Left' }],
      [`/admins/${root.id}/password`, { password: 'a long enough password' }],
    ];
    const before = await adminEventCount();
    for (const [path, body] of actions) {
      const missing = await post(root, path, body).expect(400);
      expect(missing.body).toEqual({ message: 'Your current password is required' });
      const wrong = await post(root, path, { ...body, currentPassword: 'not my password' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ message: 'Your current password is incorrect' });
      // One failure per address: this admin's limit per address is 3.
      address += 1;
      from = { 'X-Forwarded-For': `198.51.100.${address}` };
    }
    // Nothing changed: no admin event, the other admin signed in with its old password, active.
    expect(await adminEventCount()).toBe(before);
    await me(other).expect(200);
    await me(root).expect(200);
    await signIn(other.username, other.password);
    await request(app.server)
      .post('/api/rtm-sys/login')
      .set(from)
      .send({ username: 'never_created', password: 'a long enough password' })
      .expect(401);
  });

  it('counts wrong current passwords against the admin’s sign-in limit', async () => {
    const root = await signIn(ROOT.username, ROOT.password);
    const other = await newAdmin(root);
    const acting = await signIn(other.username, other.password);
    for (let i = 0; i < 3; i += 1) {
      await post(acting, `/admins/${root.id}/disable`, { currentPassword: 'guess' }).expect(400);
    }
    // The fourth guess is refused before the password is looked at, even a right one...
    const limited = await post(acting, `/admins/${root.id}/disable`, {
      currentPassword: other.password,
    }).expect(429);
    expect(limited.body.message).toMatch(/Too many failed sign-in attempts/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // ...and so is this admin's sign-in from the same address: they are the same counters.
    await request(app.server)
      .post('/api/rtm-sys/login')
      .set(from)
      .send({ username: other.username.toUpperCase(), password: other.password })
      .expect(429);
    await me(root).expect(200);
  });

  it('is not stopped by strangers who spent the admin’s sign-in limits from many addresses', async () => {
    const root = await signIn(ROOT.username, ROOT.password);
    const rogue = await newAdmin(root);
    const real = await newAdmin(root);
    // A crowd of addresses fails on this admin's sign-in until its limit from every address is
    // spent: a new browser with the right password now waits.
    for (let stranger = 1; stranger <= 12; stranger += 1) {
      for (let i = 0; i < 3; i += 1) {
        await request(app.server)
          .post('/api/rtm-sys/login')
          .set({ 'X-Forwarded-For': `203.0.113.${stranger}` })
          .send({ username: real.username, password: 'a stranger’s guess' });
      }
    }
    await request(app.server)
      .post('/api/rtm-sys/login')
      .set({ 'X-Forwarded-For': '192.0.2.99' })
      .send({ username: real.username, password: real.password })
      .expect(429);
    // Signed in already, the admin still disables the rogue admin, creates one, sets a password.
    await post(real, `/admins/${rogue.id}/disable`, { currentPassword: real.password }).expect(200);
    await post(real, '/admins', {
      username: `after_crowd_${address}`,
      password: 'a long enough password',
      currentPassword: real.password,
    }).expect(200);
    // Its session's own guesses are still limited like a sign-in from its address.
    for (let i = 0; i < 3; i += 1) {
      await post(real, `/admins/${real.id}/password`, {
        password: 'another long password',
        currentPassword: 'guess',
      }).expect(400);
    }
    await post(real, `/admins/${real.id}/password`, {
      password: 'another long password',
      currentPassword: real.password,
    }).expect(429);
  });

  it('lets an admin change its own password: this session stays, its others end', async () => {
    const root = await signIn(ROOT.username, ROOT.password);
    const self = await newAdmin(root);
    const elsewhere = await signIn(self.username, self.password);
    await post(self, `/admins/${self.id}/password`, {
      password: 'my brand new password',
      currentPassword: self.password,
    }).expect(200);
    await me(self).expect(200);
    await me(elsewhere).expect(401);
    await request(app.server)
      .post('/api/rtm-sys/login')
      .set(from)
      .send({ username: self.username, password: self.password })
      .expect(401);
    await signIn(self.username, 'my brand new password');
  });
});

describe('a sign-in racing a new admin password', () => {
  it('ends every session a sign-in with the old password started while the password changed', async () => {
    const app = await startTestApp({
      ...ENV,
      LOGIN_LIMIT_PER_ACCOUNT: '100000',
      LOGIN_LIMIT_PER_IP: '100000',
    });
    try {
      const signIn = async (username: string, password: string): Promise<Signed> => {
        const response = await request(app.server)
          .post('/api/rtm-sys/login')
          .send({ username, password })
          .expect(200);
        return {
          id: (response.body as Schema<'AdminResponse'>).id,
          cookie: sessionCookieOf(response.headers['set-cookie'], 'admin_sid'),
        };
      };
      const root = await signIn(ROOT.username, ROOT.password);
      const target = { username: 'target_admin', password: 'the first password' };
      const targetId = (
        await request(app.server)
          .post('/api/rtm-sys/admins')
          .set('Cookie', root.cookie)
          .send({ ...target, currentPassword: ROOT.password })
          .expect(200)
      ).body as Schema<'IdResponse'>;
      let password = target.password;
      for (let round = 0; round < RACE_ROUNDS; round += 1) {
        const next = `round ${round} new password`;
        const [change, ...signIns] = await Promise.all([
          request(app.server)
            .post(`/api/rtm-sys/admins/${targetId.id}/password`)
            .set('Cookie', root.cookie)
            .send({ password: next, currentPassword: ROOT.password }),
          ...Array.from({ length: RACING_SIGN_INS }, () =>
            request(app.server)
              .post('/api/rtm-sys/login')
              .send({ username: target.username, password }),
          ),
        ]);
        expect(change.status).toBe(200);
        for (const signedIn of signIns) {
          expect([200, 401]).toContain(signedIn.status);
          if (signedIn.status !== 200) continue;
          // It checked the old password: whenever it started, it does not outlive the change.
          const cookie = sessionCookieOf(signedIn.headers['set-cookie'], 'admin_sid');
          await request(app.server).get('/api/rtm-sys/me').set('Cookie', cookie).expect(401);
        }
        password = next;
      }
      await signIn(target.username, password);
    } finally {
      await app.close();
    }
  });
});
