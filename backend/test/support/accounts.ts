import request from 'supertest';
import { AccountKeys } from '../../src/application/accounts/account-secrets';
import { MAIL_OUTBOX, type MailOutbox } from '../../src/application/ports/mail.port';
import { BackgroundWork } from '../../src/application/shared/background-work';
import type { Schema } from './api-types';
import type { TestApp } from './test-app';

/** A mail in the outbox, as GET /api/dev/mail answers it. */
export type SentMail = Schema<'SentMailResponse'>;

export interface RegisteredUser {
  agent: ReturnType<typeof request.agent>;
  user: Schema<'UserResponse'>;
  email: string;
  password: string;
  sessionCookie: string;
}

let counter = 0;

/** A fresh, unique address for each call, so tests in one app do not collide. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${process.pid}.${Date.now()}.${counter}@example.com`;
}

export async function registerUser(
  app: TestApp,
  email = uniqueEmail(),
  password = 'correct horse battery',
): Promise<RegisteredUser> {
  const agent = request.agent(app.server);
  const response = await agent.post('/api/auth/register').send({ email, password }).expect(201);
  return {
    agent,
    user: response.body as RegisteredUser['user'],
    email,
    password,
    sessionCookie: sessionCookieOf(response.headers['set-cookie'], 'sid'),
  };
}

/**
 * `name=value` of a Set-Cookie header, ready to send back in a Cookie header (the `__Host-`
 * name on an https site).
 */
export function sessionCookieOf(setCookie: string | string[] | undefined, name: string): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = cookies.find((c) => c.startsWith(`${name}=`) || c.startsWith(`__Host-${name}=`));
  if (!found) throw new Error(`No ${name} cookie in ${JSON.stringify(cookies)}`);
  return found.split(';')[0];
}

/**
 * The app's mail outbox, newest first, as `GET /api/dev/mail` lists it. Read in the app itself:
 * the route is closed whenever a proxy is trusted, and suites about addresses trust one.
 */
export async function outbox(app: TestApp): Promise<SentMail[]> {
  await app.app.get(BackgroundWork).settled();
  const mails = app.app.get<MailOutbox | null>(MAIL_OUTBOX);
  if (!mails) throw new Error('Mail goes out through SMTP: there is no outbox to read');
  return JSON.parse(JSON.stringify(mails.list())) as SentMail[];
}

/** The token of the newest mail to `to` whose link goes to `path`. */
export async function tokenFromMail(
  app: TestApp,
  to: string,
  path: '/verify-email' | '/reset-password',
): Promise<string> {
  const mail = (await outbox(app)).find((m) => m.to === to && m.text.includes(path));
  if (!mail) throw new Error(`No ${path} mail to ${to}`);
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`No token in ${mail.text}`);
  return match[1];
}

/** The app's keyed hashes: the ids of reservation streams, as the app names them. */
export function accountKeys(app: TestApp): AccountKeys {
  return app.app.get(AccountKeys);
}

export async function eventsOf(app: TestApp, streamId: string) {
  return app.events.readStream(streamId);
}
