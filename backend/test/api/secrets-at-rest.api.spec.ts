import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { registerUser, sessionCookieOf, tokenFromMail } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

const ADMIN_PASSWORD = 'the admin password 42';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Which of the secrets appear, byte for byte, in which file under the directory. */
function findInFiles(dir: string, needles: string[]): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dir)) {
    const bytes = readFileSync(file);
    for (const needle of needles) {
      if (bytes.includes(Buffer.from(needle, 'utf8'))) found.push(`${needle} in ${file}`);
    }
  }
  return found;
}

describe('secrets at rest', () => {
  it('leaves no password or token in plain text anywhere under DATA_DIR after every account flow', async () => {
    let app: TestApp = await startTestApp({
      ADMIN_USERNAME: 'root_admin',
      ADMIN_PASSWORD,
    });
    const dataDir = app.dataDir;
    try {
      const secrets: string[] = [ADMIN_PASSWORD];
      const cookieToken = (setCookie: unknown, name: string) => {
        const token = sessionCookieOf(setCookie as string[], name).split('=')[1];
        secrets.push(token);
        return token;
      };

      // Register (password 1, a session, a verification link), verify, sign in again.
      const firstPassword = 'first secret password';
      const { agent, email, sessionCookie } = await registerUser(app, undefined, firstPassword);
      secrets.push(firstPassword, sessionCookie.split('=')[1]);
      const verification = await tokenFromMail(app, email, '/verify-email');
      secrets.push(verification);
      await agent.post('/api/auth/verify-email').send({ token: verification }).expect(200);
      const login = await request(app.server)
        .post('/api/auth/login')
        .send({ email, password: firstPassword })
        .expect(200);
      cookieToken(login.headers['set-cookie'], 'sid');

      // Forgot and reset (password 2), then change it (password 3) and sign out.
      await request(app.server).post('/api/auth/forgot-password').send({ email }).expect(200);
      const reset = await tokenFromMail(app, email, '/reset-password');
      const secondPassword = 'second secret password';
      secrets.push(reset, secondPassword);
      await request(app.server)
        .post('/api/auth/reset-password')
        .send({ token: reset, password: secondPassword })
        .expect(200);
      const again = await request(app.server)
        .post('/api/auth/login')
        .send({ email, password: secondPassword })
        .expect(200);
      const cookie = `sid=${cookieToken(again.headers['set-cookie'], 'sid')}`;
      const thirdPassword = 'third secret password';
      secrets.push(thirdPassword);
      await request(app.server)
        .put('/api/auth/update-password')
        .set('Cookie', cookie)
        .send({ currentPassword: secondPassword, newPassword: thirdPassword })
        .expect(200);
      await request(app.server)
        .post('/api/auth/login')
        .send({ email, password: 'a wrong password' })
        .expect(401);
      await request(app.server).post('/api/auth/logout').set('Cookie', cookie).expect(200);

      // The admin signs in and out.
      const admin = await request(app.server)
        .post('/api/rtm-sys/login')
        .send({ username: 'root_admin', password: ADMIN_PASSWORD })
        .expect(200);
      const adminCookie = `admin_sid=${cookieToken(admin.headers['set-cookie'], 'admin_sid')}`;
      await request(app.server).post('/api/rtm-sys/logout').set('Cookie', adminCookie).expect(200);

      // While running (write-ahead logs included), and after a clean shutdown.
      expect(findInFiles(dataDir, secrets)).toEqual([]);
      // The scan does read the stores: the email, which is not a secret, is found.
      expect(findInFiles(dataDir, [email]).length).toBeGreaterThan(0);
      await app.app.close();
      expect(findInFiles(dataDir, secrets)).toEqual([]);
      app = null as unknown as TestApp;
    } finally {
      if (app) await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
