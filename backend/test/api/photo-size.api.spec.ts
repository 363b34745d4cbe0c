import type { Schema } from '../support/api-types';
import {
  apiSpec,
  expectResponse,
  type ApiExpectation,
  type ApiRequest,
} from '../support/api-specification';
import { uploadRating, verifiedUser } from '../support/community';
import { makeJpeg } from '../support/test-images';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A post's page knows its photo's shape before the photo arrives: the stored photo's size in
 * pixels is recorded when it is rated, carried to its post, and answered with it.
 */
describe('a post’s photo size', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const read = (postId: string) => (request: ApiRequest) => request.get(`/api/posts/${postId}`);
  /** The post the answer names was published with its photo's size. */
  const publishedWithSize =
    (width: number, height: number): ApiExpectation =>
    async ({ response, newEvents }) => {
      const { id } = response.body as Schema<'IdResponse'>;
      const [published] = await newEvents(`post-${id}`);
      expect(published).toMatchObject({
        type: 'PostPublished',
        data: { image: { width, height } },
      });
    };

  it('given a rated photo, when its member publishes it, then the post records and answers the size of the stored photo', async () => {
    const member = await verifiedUser(app);
    const rating = await uploadRating(app);
    const published = await apiSpec(app)
      .when((request) => request.as(member).post('/api/posts/publish').send(rating))
      .then([expectResponse(201), publishedWithSize(344, 258)]);
    const { id } = published.body as Schema<'IdResponse'>;
    await apiSpec(app)
      .when(read(id))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({ id, imageWidth: 344, imageHeight: 258 }) as unknown,
        }),
      ]);
  });

  it('given a member, when they post a photo directly, then its post records the size and answers it', async () => {
    const member = await verifiedUser(app);
    const photo = await makeJpeg({ width: 384, height: 256, seed: 7 });
    const published = await apiSpec(app)
      .when((request) =>
        request
          .as(member)
          .post('/api/posts/publish-direct')
          .attach('image', photo, { filename: 'feet.jpg', contentType: 'image/jpeg' }),
      )
      .then([expectResponse(201), publishedWithSize(384, 256)]);
    const { id } = published.body as Schema<'IdResponse'>;
    await apiSpec(app)
      .when(read(id))
      .then([
        expectResponse(200, {
          body: expect.objectContaining({ id, imageWidth: 384, imageHeight: 256 }) as unknown,
        }),
      ]);
  });
});
