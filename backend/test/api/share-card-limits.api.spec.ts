import request from 'supertest';
import { publishPost, verifiedUser } from '../support/community';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

/** One proxy in front: the client is the address it appends last to X-Forwarded-For. */
const from = (address: string) => ({ 'X-Forwarded-For': `203.0.113.250, ${address}` });

/**
 * Drawing a share card costs a third of a second of CPU: one address may have only so many drawn
 * per minute. A card already drawn costs nothing and is served to anyone. The clock stands
 * still, so no window ends in the middle of the test.
 */
describe('the share-card limit per address', () => {
  let app: TestApp;
  const posts: string[] = [];

  beforeAll(async () => {
    app = await startTestApp(
      { TRUST_PROXY: '1', SHARE_CARD_LIMIT_PER_MINUTE: '2', UPLOAD_LIMIT_PER_HOUR: '1000' },
      undefined,
      { clock: new TestClock() },
    );
    const author = await verifiedUser(app);
    for (let i = 0; i < 3; i++) posts.push(await publishPost(app, author));
  });
  afterAll(() => app.close());

  const card = (postId: string, address: string) =>
    request(app.server).get(`/api/posts/${postId}/card.jpg`).set(from(address));

  it('refuses a third drawing from one address with 429 and Retry-After, while cards already drawn and other addresses are served', async () => {
    await card(posts[0]!, '198.51.100.7').expect(200);
    await card(posts[1]!, '198.51.100.7').expect(200);

    const refused = await card(posts[2]!, '198.51.100.7').expect(429);
    expect(refused.body).toEqual({
      message: expect.stringMatching(
        /^Too many share cards from this address\. Please try again in \d+ minutes?\.$/,
      ) as string,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Drawn already: free, to the same address as to anyone.
    await card(posts[0]!, '198.51.100.7').expect(200);
    await card(posts[1]!, '198.51.100.7').expect(200);
    // Another address has its own allowance; once it has drawn the card, it is free for all.
    await card(posts[2]!, '198.51.100.8').expect(200);
    await card(posts[2]!, '198.51.100.7').expect(200);
  });
});
