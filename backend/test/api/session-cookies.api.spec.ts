import request from 'supertest';
import { uniqueEmail } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

/** Session cookies are `__Host-` and Secure when the site is served over https. */
describe('session cookies', () => {
  const register = (app: TestApp, email = uniqueEmail()) =>
    request(app.server)
      .post('/api/auth/register')
      .send({ email, password: 'correct horse battery' })
      .expect(201);

  const adminLogin = (app: TestApp) =>
    request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username: 'root_admin', password: 'a long admin password' })
      .expect(200);

  const cookies = (response: request.Response) =>
    (response.headers['set-cookie'] as unknown as string[]) ?? [];

  it('are __Host- prefixed, Secure and site-wide over https, and sign the browser in', async () => {
    const app = await startTestApp({
      PUBLIC_URL: 'https://solescore.example',
      ADMIN_USERNAME: 'root_admin',
      ADMIN_PASSWORD: 'a long admin password',
    });
    try {
      const registered = { email: uniqueEmail() };
      const user = cookies(await register(app, registered.email)).find((c) =>
        c.startsWith('__Host-sid='),
      )!;
      expect(user).toMatch(/; Path=\/;/);
      expect(user).toContain('Secure');
      expect(user).not.toMatch(/Domain=/i);
      await request(app.server).get('/api/auth/me').set('Cookie', user.split(';')[0]).expect(200);
      // The plain name means nothing on an https site.
      const value = user.split(';')[0].split('=')[1];
      await request(app.server).get('/api/auth/me').set('Cookie', `sid=${value}`).expect(401);

      const adminSignIn = cookies(await adminLogin(app));
      const admin = adminSignIn.find((c) => c.startsWith('__Host-admin_sid='))!;
      expect(admin).toMatch(/; Path=\/;/);
      expect(admin).toContain('Secure');
      await request(app.server)
        .get('/api/rtm-sys/me')
        .set('Cookie', admin.split(';')[0])
        .expect(200);

      // The remembered-browser cookies are kept to their sign-in route, so `__Secure-`.
      const adminKnown = adminSignIn.find((c) => c.startsWith('__Secure-known_browser='))!;
      expect(adminKnown).toContain('Path=/api/rtm-sys/login;');
      expect(adminKnown).toContain('Secure');
      expect(adminKnown).toContain('HttpOnly');
      const userSignIn = await request(app.server)
        .post('/api/auth/login')
        .send({ email: registered.email, password: 'correct horse battery' })
        .expect(200);
      const userKnown = cookies(userSignIn).find((c) => c.startsWith('__Secure-known_browser='))!;
      expect(userKnown).toContain('Path=/api/auth/login;');
      expect(userKnown).toContain('Secure');
    } finally {
      await app.close();
    }
  });

  it('keep plain names without Secure over http (the embedded default on 127.0.0.1)', async () => {
    const app = await startTestApp({
      ADMIN_USERNAME: 'root_admin',
      ADMIN_PASSWORD: 'a long admin password',
    });
    try {
      const user = cookies(await register(app)).find((c) => c.startsWith('sid='))!;
      expect(user).not.toContain('Secure');
      const admin = cookies(await adminLogin(app)).find((c) => c.startsWith('admin_sid='))!;
      expect(admin).toContain('Path=/api/rtm-sys');
      expect(admin).not.toContain('Secure');
      const known = cookies(await adminLogin(app)).find((c) => c.startsWith('known_browser='))!;
      expect(known).toContain('Path=/api/rtm-sys/login;');
      expect(known).not.toContain('Secure');
    } finally {
      await app.close();
    }
  });
});
