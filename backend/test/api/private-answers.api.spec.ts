import request from 'supertest';
import { publishPost, verifiedUser } from '../support/community';
import type { RegisteredUser } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Answers that may differ by viewer (the viewer's likes, rating and own posts in them) are
 * `Cache-Control: private`: no shared cache keeps one person's answer for the next.
 */
describe('Cache-Control of answers that differ by viewer', () => {
  let app: TestApp;
  let author: RegisteredUser;
  let reader: RegisteredUser;
  let postId: string;

  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '1000' });
    author = await verifiedUser(app);
    reader = await verifiedUser(app);
    postId = await publishPost(app, author);
    await reader.agent
      .post(`/api/posts/${postId}/comments`)
      .send({ text: 'Lovely arches' })
      .expect(201);
  });
  afterAll(() => app.close());

  const cacheControl = async (path: string, viewer?: RegisteredUser) => {
    const answer = await (viewer ? viewer.agent : request(app.server)).get(path).expect(200);
    return answer.headers['cache-control'] as string | undefined;
  };

  it('marks a post and its thread private, signed in or not, to be revalidated', async () => {
    for (const path of [`/api/posts/${postId}`, `/api/posts/${postId}/comments`]) {
      expect(await cacheControl(path)).toBe('private, no-cache');
      expect(await cacheControl(path, reader)).toBe('private, no-cache');
    }
  });

  it('keeps no-store where a route had it, adding private', async () => {
    expect(await cacheControl(`/api/posts/${postId}/user-rating`, reader)).toBe(
      'private, no-store',
    );
    expect(await cacheControl(`/api/posts/${postId}/boost`)).toBe('private, no-store');
    expect(await cacheControl('/api/user/posts', author)).toBe('private, no-store');
  });

  it('marks a profile private when a signed-in member asks for it', async () => {
    expect(await cacheControl(`/api/users/${author.user.id}`, reader)).toBe('private, no-cache');
  });

  it('leaves the shared answers of signed-out visitors to be shared', async () => {
    expect(await cacheControl(`/api/users/${author.user.id}`)).toBeUndefined();
    expect(await cacheControl('/api/posts?sort=recent')).toBeUndefined();
  });
});
