import request from 'supertest';
import { registerUser, type RegisteredUser, tokenFromMail } from './accounts';
import { makeJpeg } from './test-images';
import type { Schema } from './api-types';
import type { TestApp } from './test-app';

/** What an upload answers: the rating, with the `publishKey` publishing needs (uploader only). */
export type RatingResult = Schema<'RatingResultResponse'>;

/** A registered account that has opened its verification link. */
export async function verifiedUser(app: TestApp): Promise<RegisteredUser> {
  const registered = await registerUser(app);
  const token = await tokenFromMail(app, registered.email, '/verify-email');
  const verified = await registered.agent
    .post('/api/auth/verify-email')
    .send({ token })
    .expect(200);
  return { ...registered, user: verified.body as RegisteredUser['user'] };
}

let seed = 1000;

/**
 * A fresh photo (a new seed each call, so a new image) uploaded and rated, by a visitor or by
 * the agent given (an account's upload is its own).
 */
export async function uploadRating(
  app: TestApp,
  photoSeed = (seed += 1),
  agent: Pick<RegisteredUser['agent'], 'post'> = request(app.server),
): Promise<RatingResult> {
  const jpeg = await makeJpeg({ width: 344, height: 258, seed: photoSeed });
  const response = await agent
    .post('/api/upload')
    .attach('image', jpeg, { filename: 'feet.jpg', contentType: 'image/jpeg' })
    .expect(200);
  const rating = response.body as RatingResult;
  const cookie = uploaderCookie(response.headers['set-cookie']);
  if (cookie) uploaderCookies.set(rating, cookie);
  return rating;
}

/** The `uploader` cookie each rating's upload answered: its photo's key until it is published. */
const uploaderCookies = new WeakMap<RatingResult, string>();

/** The uploader cookie (`name=value`) among an answer's Set-Cookie headers, if any. */
export function uploaderCookie(setCookie: string | string[] | undefined): string | null {
  const headers = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const header = headers.find((line) => /^(__Host-)?uploader=/.test(line));
  return header ? header.split(';')[0]! : null;
}

/** The Cookie header of the browser that uploaded `rating` (see `uploadRating`). */
export function uploaderOf(rating: RatingResult): { Cookie: string } {
  const cookie = uploaderCookies.get(rating);
  if (!cookie) throw new Error('That rating was not uploaded through uploadRating');
  return { Cookie: cookie };
}

/** Uploads a photo and publishes its rating as `user`; answers the post id. */
export async function publishPost(app: TestApp, user: RegisteredUser): Promise<string> {
  return publishRating(user, await uploadRating(app));
}

/** Publishes `rating` as `user`: the post's id. */
export async function publishRating(user: RegisteredUser, rating: RatingResult): Promise<string> {
  const response = await user.agent.post('/api/posts/publish').send(rating).expect(201);
  return (response.body as Schema<'IdResponse'>).id;
}

export function nextLink(header: string | undefined): string | null {
  const match = header ? /<([^>]+)>;\s*rel="next"/.exec(header) : null;
  return match ? match[1] : null;
}
