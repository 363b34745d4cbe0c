import type { SequentialClient } from './bench-http';

/** The account a bench signed up: its id and the name the app gave it. */
export interface SignedUp {
  id: string;
  anonymousUsername: string;
}

/**
 * Registers `bench.<name>@example.com` through the api, keeps its session cookie on `client` and
 * opens the verification link from the dev outbox.
 */
export async function signUpVerified(client: SequentialClient, name: string): Promise<SignedUp> {
  const email = `bench.${name}@example.com`;
  const registered = await client.send('POST', '/api/auth/register', {
    email,
    password: `bench ${name} password`,
  });
  if (registered.status !== 201) {
    throw new Error(`Registration answered ${registered.status}: ${registered.body}`);
  }
  const setCookie = registered.headers['set-cookie'] ?? [];
  const sid = (Array.isArray(setCookie) ? setCookie : [setCookie]).find((c) =>
    c.startsWith('sid='),
  );
  if (!sid) throw new Error('Registration set no session cookie');
  client.cookie = sid.split(';')[0];
  const mails = await client.json<{ to: string; text: string }[]>('GET', '/api/dev/mail');
  const mail = mails.find((m) => m.to === email && m.text.includes('/verify-email'));
  const token = mail && /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error('No verification mail in the outbox');
  await client.json('POST', '/api/auth/verify-email', { token });
  return JSON.parse(registered.body) as SignedUp;
}
