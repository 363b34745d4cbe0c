import request from 'supertest';
import { outbox, uniqueEmail } from '../support/accounts';
import { verifiedUser } from '../support/community';
import { makeJpeg } from '../support/test-images';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 73, point 2: signing up must not tell whether an address has an account, neither in the
 * answer nor in the requests a browser makes after it. The same sequence (upload a photo, sign
 * up, then browse, post the saved rating and use the account as a new member does) runs for a
 * new address and for one that has an account; every step must answer the same status and the
 * same shape.
 */
describe('signing up, then browsing, on a new address and on one that has an account', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  /** What a browser sees at each step: the status and the shape of the body. */
  async function signUpAndBrowse(email: string, photoSeed: number): Promise<Step[]> {
    const browser = request.agent(app.server);
    const steps: Step[] = [];
    const step = async (name: string, answer: request.Response) => {
      steps.push({ name, status: answer.status, shape: shapeOf(answer) });
      return answer;
    };

    const jpeg = await makeJpeg({ width: 344, height: 258, seed: photoSeed });
    const rating = await step(
      'upload',
      await browser
        .post('/api/upload')
        .attach('image', jpeg, { filename: 'feet.jpg', contentType: 'image/jpeg' }),
    );
    const registered = await step(
      'register',
      await browser.post('/api/auth/register').send({ email, password: 'a new long password' }),
    );
    const { id: userId } = registered.body as { id: string };
    await step('session', await browser.get('/api/auth/session'));
    await step('me', await browser.get('/api/auth/me'));
    await step('account', await browser.get('/api/user'));
    const published = await step(
      'publish the saved rating',
      await browser.post('/api/posts/publish').send(rating.body as object),
    );
    const { id: postId } = published.body as { id: string };
    await step('the post', await browser.get(`/api/posts/${postId}`));
    await step('my posts', await browser.get('/api/user/posts'));
    await step('my profile', await browser.get(`/api/users/${userId}`));
    await step('signed-in browsers', await browser.get('/api/user/sessions'));
    await step(
      'mail settings',
      await browser.patch('/api/auth/email-preferences').send({ emailNotificationsRating: false }),
    );
    await step(
      'comment before verifying',
      await browser.post(`/api/posts/${postId}/comments`).send({ text: 'Hello' }),
    );
    await step(
      'profile before verifying',
      await browser.patch('/api/user/profile').send({ bio: 'Hello' }),
    );
    await step(
      'resend the link',
      await browser.post('/api/auth/resend-verification').send({ email }),
    );
    await step('my data', await browser.get('/api/user/export'));
    await step('sign out', await browser.post('/api/auth/logout'));
    await step('session after signing out', await browser.get('/api/auth/session'));
    return steps;
  }

  it('answers every step the same way', async () => {
    const owner = await verifiedUser(app);
    const fresh = await signUpAndBrowse(uniqueEmail('fresh'), 7301);
    const taken = await signUpAndBrowse(owner.email, 7302);

    expect(fresh.map((s) => `${s.name}: ${s.status}`)).toEqual([
      'upload: 200',
      'register: 201',
      'session: 200',
      'me: 200',
      'account: 200',
      'publish the saved rating: 201',
      'the post: 200',
      'my posts: 200',
      'my profile: 200',
      'signed-in browsers: 200',
      'mail settings: 200',
      'comment before verifying: 403',
      'profile before verifying: 403',
      'resend the link: 200',
      'my data: 200',
      'sign out: 200',
      'session after signing out: 204',
    ]);
    expect(taken).toEqual(fresh);

    // Only the owner hears, and the address's sign-in is still the owner's alone.
    const toOwner = (await outbox(app)).filter((mail) => mail.to === owner.email);
    expect(toOwner.map((mail) => mail.subject)).toEqual([
      'You already have a SoleScore account',
      'Verify your email for SoleScore',
    ]);
    await request(app.server)
      .post('/api/auth/login')
      .send({ email: owner.email, password: owner.password })
      .expect(200);
  });
});

interface Step {
  name: string;
  status: number;
  shape: unknown;
}

/**
 * An answer with what differs between any two accounts taken out: the type of each value, the
 * booleans themselves (`emailVerified`, `isOwner`) and the length of each list.
 */
function shapeOf(answer: request.Response): unknown {
  return skeleton(answer.body);
}

function skeleton(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(skeleton);
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, skeleton(item)]),
    );
  }
  return typeof value;
}
