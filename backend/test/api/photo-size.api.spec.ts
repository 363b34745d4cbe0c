import request from 'supertest';
import type { Schema } from '../support/api-types';
import { publishDirectPost, publishPost, verifiedUser } from '../support/community';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A post's page knows its photo's shape before the photo arrives: the stored photo's size in
 * pixels is recorded when it is rated and answered with the post, on its page and the boards.
 */
describe('a post’s photo size', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('given a rated photo published, when its post is read, then it answers the size of the stored photo', async () => {
    const postId = await publishPost(app, await verifiedUser(app));
    const post = (await request(app.server).get(`/api/posts/${postId}`).expect(200))
      .body as Schema<'PostPageResponse'>;
    expect([post.imageWidth, post.imageHeight]).toEqual([344, 258]);
    const board = (await request(app.server).get('/api/posts').expect(200))
      .body as Schema<'PostResponse'>[];
    expect(board.find((item) => item.id === postId)).toMatchObject({
      imageWidth: 344,
      imageHeight: 258,
    });
  });

  it('given a photo posted directly, when its post is read, then it answers its size too', async () => {
    const postId = await publishDirectPost(await verifiedUser(app), 7);
    const post = (await request(app.server).get(`/api/posts/${postId}`).expect(200))
      .body as Schema<'PostPageResponse'>;
    expect([post.imageWidth, post.imageHeight]).toEqual([384, 256]);
  });
});
