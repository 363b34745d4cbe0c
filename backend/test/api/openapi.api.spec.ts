import type { OpenAPIObject, ResponseObject } from '@nestjs/swagger';
import type { Express } from 'express';
import { randomUUID } from 'node:crypto';
import request, { type Response, type Test } from 'supertest';
import { sessionCookieOf, tokenFromMail, uniqueEmail } from '../support/accounts';
import { nextLink, verifiedUser } from '../support/community';
import {
  answerProblems,
  documentedOperations,
  type DocumentedOperation,
  jsonSchemaOf,
  needsSession,
  operationOf,
} from '../support/openapi-answers';
import {
  deliver,
  payWithoutDelivery,
  sessionIdOf,
  signedEvent,
  webhookSecretOf,
} from '../support/payments';
import { startTestApp, type TestApp } from '../support/test-app';
import { DAY_MS, TestClock } from '../support/test-clock';
import { makeJpeg } from '../support/test-images';

const ADMIN = { username: 'doc_admin', password: 'a long admin password' };
/** A hidden sign-in path distinctive enough to be found anywhere in the document. */
const HIDDEN_LOGIN_PATH = '/staff-q7x3kz9';
const ENV = {
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_LOGIN_PATH: HIDDEN_LOGIN_PATH,
  UPLOAD_LIMIT_PER_HOUR: '100000',
};

const ERROR_SCHEMA = '#/components/schemas/ErrorResponse';

/** `GET /api/posts/{id}` for Express's `/api/posts/:id`. */
function asDocumentPath(expressPath: string): string {
  return expressPath.replace(/:(\w+)/g, '{$1}');
}

describe('the api describes itself at GET /api/openapi.json', () => {
  let app: TestApp;
  let document: OpenAPIObject;
  let operations: DocumentedOperation[];

  beforeAll(async () => {
    app = await startTestApp(ENV);
    const response = await request(app.server).get('/api/openapi.json').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.body as OpenAPIObject;
    operations = documentedOperations(document);
  });
  afterAll(() => app.close());

  it('is an OpenAPI 3 document with the two session cookies as security schemes', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('SoleScore API');
    expect(document.components?.securitySchemes).toEqual({
      'user-session': expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'sid' }),
      'admin-session': expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'admin_sid' }),
    });
    expect(document.components?.schemas?.ErrorResponse).toEqual(
      expect.objectContaining({
        type: 'object',
        required: ['message'],
        properties: {
          message: expect.objectContaining({ type: 'string' }),
          // Only on a refused upload that counts as a strike.
          strike: expect.objectContaining({
            allOf: [{ $ref: '#/components/schemas/StrikeTallyResponse' }],
          }),
        },
      }),
    );
  });

  it('lists every route the app registered, each with its method, and no other', () => {
    const express = app.app.getHttpAdapter().getInstance() as Express;
    const registered = (
      express.router.stack as { route?: { path: string; methods: Record<string, boolean> } }[]
    )
      .flatMap(({ route }) =>
        route && route.path.startsWith('/api')
          ? Object.keys(route.methods).map(
              (method) => `${method.toUpperCase()} ${asDocumentPath(route.path)}`,
            )
          : [],
      )
      .sort();
    const documented = operations.map((op) => `${op.method.toUpperCase()} ${op.path}`).sort();

    expect(registered.length).toBeGreaterThan(40);
    expect(documented).toEqual(registered);
  });

  it('gives every operation a summary and a documented success answer', () => {
    const problems = operations.flatMap(({ method, path, operation }) => {
      const label = `${method.toUpperCase()} ${path}`;
      const successes = Object.keys(operation.responses).filter((status) => /^[23]/.test(status));
      return [
        ...(operation.summary ? [] : [`${label} has no summary`]),
        ...(successes.length > 0 ? [] : [`${label} documents no success answer`]),
        ...successes
          // 204 No Content has no body to describe.
          .filter((status) => /^2/.test(status) && status !== '204')
          .filter((status) => !jsonSchemaOf(operation.responses[status]))
          // An image (a share card, a stored photo) answers bytes, described by their media type.
          .filter((status) => {
            const content = (operation.responses[status] as ResponseObject).content ?? {};
            return !content['image/jpeg'] && !content['image/webp'];
          })
          .map((status) => `${label} does not describe its ${status} body`),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('documents every refusal with the error shape { message }', () => {
    const problems = operations.flatMap(({ method, path, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => /^[45]/.test(status))
        .filter(([, response]) => {
          const schema = jsonSchemaOf(response as ResponseObject);
          return !(schema && '$ref' in schema && schema.$ref === ERROR_SCHEMA);
        })
        .map(([status]) => `${method.toUpperCase()} ${path}: ${status} is not an ErrorResponse`),
    );
    expect(problems).toEqual([]);
  });

  it('documents the refusal of every operation that takes a body or query, or needs a session', () => {
    const problems = operations.flatMap(({ method, path, operation }) => {
      const label = `${method.toUpperCase()} ${path}`;
      const documents = (status: number) => String(status) in operation.responses;
      const takesQuery = (operation.parameters ?? []).some(
        (parameter) => 'in' in parameter && parameter.in === 'query',
      );
      return [
        ...(operation.requestBody && !documents(400) ? [`${label} takes a body but no 400`] : []),
        ...(takesQuery && !documents(400) ? [`${label} takes a query but no 400`] : []),
        ...(needsSession(operation) && !documents(401) ? [`${label} needs a session, no 401`] : []),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('documents what every route answers a stranger probing it with unknown ids and bad input', async () => {
    const problems: string[] = [];
    for (const documented of operations) {
      for (const probe of probesOf(documented)) {
        const response = await probe(request(app.server));
        problems.push(...answerProblems(document, documented, response, 'a stranger'));
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents what every route answers a signed-in member and admin probing it the same way', async () => {
    const member = await verifiedUser(app);
    // A fresh sign-in for each request: the probes include signing out.
    const cookies = async () => {
      const user = await request(app.server)
        .post('/api/auth/login')
        .send({ email: member.email, password: member.password })
        .expect(200);
      const admin = await request(app.server).post('/api/rtm-sys/login').send(ADMIN).expect(200);
      return [
        sessionCookieOf(user.headers['set-cookie'], 'sid'),
        sessionCookieOf(admin.headers['set-cookie'], 'admin_sid'),
      ].join('; ');
    };
    const problems: string[] = [];
    for (const documented of operations) {
      for (const probe of probesOf(documented)) {
        const cookie = await cookies();
        const response = await probe(request(app.server), cookie);
        problems.push(...answerProblems(document, documented, response, 'a signed-in member'));
      }
    }
    expect(problems).toEqual([]);
  });

  it('never names the hidden admin sign-in page, only the redirect that leads there', async () => {
    const served = (await request(app.server).get('/api/openapi.json').expect(200)).text;
    expect(served).not.toContain(HIDDEN_LOGIN_PATH.slice(1));

    const browser = request.agent(app.server);
    await browser.post('/api/rtm-sys/login').send(ADMIN).expect(200);
    const entry = await browser.get('/api/rtm-sys/entry').expect(302);
    expect(entry.headers.location).toBe(HIDDEN_LOGIN_PATH);
    expect(document.paths['/api/rtm-sys/entry'].get?.responses['302']).toBeDefined();
  });
});

describe('a session of real use answers as the document describes', () => {
  const clock = new TestClock();
  let app: TestApp;
  let document: OpenAPIObject;
  const problems: string[] = [];
  const answered = new Set<string>();

  /** Sends the request, expects the status, and checks the answer against the document. */
  async function call(test: Test, status: number): Promise<Response> {
    const { method, url } = test as unknown as { method: string; url: string };
    const response = await test;
    expect({ method, url, status: response.status }).toEqual({ method, url, status });
    const documented = operationOf(document, method, url);
    if (!documented) throw new Error(`${method} ${url} is not in the document`);
    answered.add(`${documented.method.toUpperCase()} ${documented.path}`);
    problems.push(...answerProblems(document, documented, response, 'in use'));
    return response;
  }

  beforeAll(async () => {
    app = await startTestApp(ENV, undefined, { clock });
    document = (await request(app.server).get('/api/openapi.json').expect(200))
      .body as OpenAPIObject;
  });
  afterAll(() => app.close());
  beforeEach(() => {
    problems.length = 0;
  });

  it('matches every answer of the flows through accounts, posts, boards, comments and admin', async () => {
    const server = () => app.server;
    const photo = (seed: number) => makeJpeg({ width: 344, height: 258, seed });

    // A visitor's rating, then an account that publishes it.
    const rating = (
      await call(
        request(server())
          .post('/api/upload')
          .attach('image', await photo(7001), { filename: 'a.jpg', contentType: 'image/jpeg' }),
        200,
      )
    ).body as Record<string, unknown>;
    const author = request.agent(server());
    const email = uniqueEmail('doc');
    await call(author.post('/api/auth/register').send({ email, password: 'correct horse 1' }), 201);
    await call(request(server()).get('/api/dev/mail'), 200);
    const token = await tokenFromMail(app, email, '/verify-email');
    await call(author.post('/api/auth/verify-email').send({ token }), 200);
    await call(author.get('/api/auth/me'), 200);
    await call(author.get('/api/auth/session'), 200);
    await call(request(server()).get('/api/auth/session'), 204);
    await call(
      author.patch('/api/user/profile').send({
        displayUsername: 'DocAuthor',
        bio: 'Feet first.',
        socialLinks: { instagram: 'docauthor' },
      }),
      200,
    );
    await call(
      author
        .post('/api/user/profile/picture')
        .attach('picture', await photo(7002), { filename: 'p.jpg', contentType: 'image/jpeg' }),
      200,
    );
    await call(author.get('/api/user'), 200);
    await call(
      author.patch('/api/auth/email-preferences').send({ emailNotificationsRating: false }),
      200,
    );
    const { id: postId } = (await call(author.post('/api/posts/publish').send(rating), 201))
      .body as { id: string };
    const { id: directId } = (
      await call(
        author
          .post('/api/posts/publish-direct')
          .attach('image', await photo(7003), { filename: 'd.jpg', contentType: 'image/jpeg' }),
        201,
      )
    ).body as { id: string };

    // A member takes part.
    const member = await verifiedUser(app);
    await call(member.agent.post('/api/ratings/submit').send({ postId, overallScore: 9 }), 201);
    await call(member.agent.get(`/api/posts/${postId}/user-rating`), 200);
    await call(member.agent.post(`/api/posts/${postId}/like`), 200);
    await call(member.agent.get(`/api/posts/${postId}/like`), 200);
    const comment = (
      await call(
        member.agent.post(`/api/posts/${postId}/comments`).send({ text: 'Lovely arches' }),
        201,
      )
    ).body as { id: string };
    const reply = (
      await call(
        author
          .post(`/api/posts/${postId}/comments`)
          .send({ text: 'Thank you', parentCommentId: comment.id }),
        201,
      )
    ).body as { id: string };
    await call(author.post(`/api/comments/${comment.id}/like`), 200);
    await call(author.get(`/api/comments/${comment.id}/like`), 200);
    await call(request(server()).get(`/api/posts/${postId}/comments`), 200);
    // The post that stays: a report of one its author deletes is closed with it.
    await call(member.agent.post(`/api/posts/${postId}/report`).send({ reason: 'Blurry' }), 201);

    // Everyone reads.
    await call(request(server()).get(`/api/posts/${postId}`), 200);
    await call(request(server()).get(`/api/posts/${postId}/card.jpg`), 200);
    await call(member.agent.get(`/api/posts/${directId}`), 200);
    const first = await call(request(server()).get('/api/posts').query({ limit: 1 }), 200);
    await call(request(server()).get(nextLink(first.headers.link)!), 200);
    await call(request(server()).get('/api/posts').query({ sort: 'top', q: 'docauthor' }), 200);
    await call(
      request(server()).get('/api/posts').set('If-None-Match', first.headers.etag).query({
        limit: 1,
      }),
      304,
    );
    await call(request(server()).get('/api/leaderboard/weekly'), 200);
    await call(request(server()).get('/api/leaderboard/standing').query({ score: '7.7' }), 200);
    await call(request(server()).get('/api/leaderboard/standing').query({ score: '11' }), 400);
    await call(request(server()).get('/api/home/summary'), 200);
    await call(author.get('/api/user/posts'), 200);
    await call(request(server()).get(`/api/users/${(member.user as { id: string }).id}`), 200);
    const authorId = (
      (await call(author.get('/api/auth/me'), 200)).body as {
        id: string;
      }
    ).id;
    await call(request(server()).get(`/api/users/${authorId}`), 200);
    await call(request(server()).get('/api/health'), 200);
    await call(request(server()).get('/api/health/live'), 200);

    // Boosts and donations, through the local checkout and the signed webhook.
    const bought = (await call(author.post('/api/boost/checkout').send({ boostType: 'mega' }), 200))
      .body as { url: string };
    const boughtId = sessionIdOf(bought.url);
    await call(request(server()).post('/api/checkout/confirm').send({ sessionId: boughtId }), 200);
    const { delivery } = await payWithoutDelivery(app, boughtId);
    await call(
      request(server())
        .post('/api/stripe/webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', delivery.signature)
        .send(delivery.body),
      200,
    );
    await call(
      request(server())
        .post('/api/stripe/webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', 'v1=forged')
        .send(delivery.body),
      400,
    );
    await call(author.get('/api/boosts/unclaimed'), 200);
    await call(author.get('/api/user/purchases?page=1&pageSize=5'), 200);
    await call(author.post(`/api/posts/${postId}/apply-boost`), 200);
    await call(request(server()).get(`/api/posts/${postId}/boost`), 200);
    await call(author.post(`/api/posts/${postId}/boost`).send({ boostType: 'regular' }), 409);
    await call(author.post(`/api/posts/${directId}/boost`).send({ boostType: 'regular' }), 200);
    await call(request(server()).post('/api/donations/checkout').send({ amount: 500 }), 200);
    await call(request(server()).post('/api/donations/checkout').send({ amount: 5 }), 400);
    const ignored = signedEvent(webhookSecretOf(app), 'customer.created', { id: 'cus_doc' });
    expect((await deliver(app, ignored)).status).toBe(200);

    // Taking things back.
    await call(author.delete(`/api/comments/${comment.id}/like`), 200);
    await call(author.delete(`/api/comments/${reply.id}`), 200);
    await call(member.agent.delete(`/api/posts/${postId}/like`), 200);
    await call(author.delete(`/api/user/posts/${directId}`), 200);

    // Passwords.
    await call(
      author
        .put('/api/auth/update-password')
        .send({ currentPassword: 'correct horse 1', newPassword: 'correct horse 2' }),
      200,
    );
    await call(request(server()).post('/api/auth/resend-verification').send({ email }), 200);
    await call(request(server()).post('/api/auth/forgot-password').send({ email }), 200);
    const resetToken = await tokenFromMail(app, email, '/reset-password');
    await call(
      request(server())
        .post('/api/auth/reset-password')
        .send({ token: resetToken, password: 'correct horse 3' }),
      200,
    );
    await call(author.post('/api/auth/logout'), 200);
    await call(
      request(server()).post('/api/auth/login').send({ email, password: 'correct horse 3' }),
      200,
    );

    // The member's signed-in browsers, a copy of their data, then their erasure.
    const elsewhere = request.agent(server());
    await call(
      elsewhere.post('/api/auth/login').send({ email: member.email, password: member.password }),
      200,
    );
    await call(member.agent.get('/api/user/posting-suspension'), 200);
    const browsers = (await call(member.agent.get('/api/user/sessions'), 200)).body as {
      id: string;
      current: boolean;
    }[];
    const other = browsers.find((b) => !b.current)!;
    await call(member.agent.delete(`/api/user/sessions/${other.id}`), 200);
    // Signing out everywhere (from a third browser) ends the member's session too: in again.
    const everywhere = request.agent(server());
    const credentials = { email: member.email, password: member.password };
    await call(everywhere.post('/api/auth/login').send(credentials), 200);
    await call(everywhere.delete('/api/user/sessions'), 200);
    await call(member.agent.post('/api/auth/login').send(credentials), 200);
    await call(member.agent.get('/api/user/export'), 200);
    await call(member.agent.delete('/api/user').send({ password: member.password }), 200);

    // The admin area.
    const admin = request.agent(server());
    await call(admin.get('/api/rtm-sys/entry'), 404);
    await call(admin.post('/api/rtm-sys/login').send(ADMIN), 200);
    await call(admin.get('/api/rtm-sys/entry'), 302);
    await call(admin.get('/api/rtm-sys/me'), 200);
    const missing = randomUUID();
    await call(admin.get('/api/rtm-sys/dashboard'), 200);
    await call(admin.get('/api/rtm-sys/posts').query({ filter: 'pending' }), 200);
    await call(admin.get('/api/rtm-sys/held-posts'), 200);
    const adminPost = await call(admin.get(`/api/rtm-sys/posts/${postId}`), 200);
    await call(admin.get((adminPost.body as { thumbnailUrl: string }).thumbnailUrl), 200);
    await call(admin.patch(`/api/rtm-sys/posts/${postId}`).send({ isModerated: true }), 200);
    await call(admin.patch(`/api/rtm-sys/posts/${postId}`).send({ isPublic: false }), 200);
    await call(admin.patch(`/api/rtm-sys/posts/${postId}`).send({ isPublic: true }), 200);
    await call(admin.get('/api/rtm-sys/comments').query({ search: 'arches' }), 200);
    await call(admin.delete(`/api/rtm-sys/comments/${missing}`).send({ reason: 'Off topic' }), 404);
    const reports = (
      await call(admin.get('/api/rtm-sys/reports').query({ status: 'pending' }), 200)
    ).body as {
      items: { id: string }[];
    };
    await call(
      admin.patch(`/api/rtm-sys/reports/${reports.items[0]?.id ?? missing}`).send({
        status: 'dismissed',
      }),
      reports.items.length > 0 ? 200 : 404,
    );
    await call(admin.get('/api/rtm-sys/users').query({ search: 'doc' }), 200);
    await call(admin.get(`/api/rtm-sys/users/${authorId}/reports`), 200);
    await call(admin.patch(`/api/rtm-sys/users/${authorId}`).send({ isAdmin: true }), 200);
    await call(admin.post(`/api/rtm-sys/users/${authorId}/suspend`).send({ reason: 'Wait' }), 200);
    await call(admin.post(`/api/rtm-sys/users/${authorId}/lift`).send({}), 200);
    await call(
      admin
        .post(`/api/rtm-sys/users/${authorId}/profile/clear`)
        .send({ fields: ['bio'], reason: 'Advertising' }),
      200,
    );
    await call(admin.get(`/api/rtm-sys/users/${authorId}/strikes`), 200);
    await call(
      admin.post(`/api/rtm-sys/users/${authorId}/posting-suspension/lift`).send({ reason: 'Ok' }),
      409,
    );
    await call(admin.post(`/api/rtm-sys/users/${authorId}/ban`).send({ reason: 'Spam' }), 200);
    await call(admin.post(`/api/rtm-sys/users/${authorId}/lift`).send({}), 200);
    await call(admin.delete(`/api/rtm-sys/posts/${missing}`).send({ reason: 'Not feet' }), 404);
    await call(admin.get('/api/rtm-sys/admins'), 200);
    const second = (
      await call(
        admin.post('/api/rtm-sys/admins').send({
          username: 'doc_second',
          password: 'another long password',
          currentPassword: ADMIN.password,
        }),
        200,
      )
    ).body as { id: string };
    await call(
      admin
        .post(`/api/rtm-sys/admins/${second.id}/password`)
        .send({ password: 'a fresh admin passphrase', currentPassword: ADMIN.password }),
      200,
    );
    await call(
      admin.post(`/api/rtm-sys/admins/${second.id}/disable`).send({ currentPassword: 'wrong' }),
      400,
    );
    await call(
      admin
        .post(`/api/rtm-sys/admins/${second.id}/disable`)
        .send({ currentPassword: ADMIN.password }),
      200,
    );
    await call(admin.get('/api/rtm-sys/statistics'), 200);
    await call(admin.get('/api/rtm-sys/clusters'), 200);
    await call(admin.get(`/api/rtm-sys/clusters/${missing}`), 404);
    await call(
      admin.post(`/api/rtm-sys/clusters/${missing}/clear`).send({ reason: 'A club' }),
      404,
    );
    await call(admin.get(`/api/rtm-sys/posts/${postId}/held-votes`), 200);
    await call(admin.get('/api/rtm-sys/audit').query({ kind: 'UserBanned' }), 200);
    await call(admin.get('/api/rtm-sys/boosts').query({ status: 'active' }), 200);
    await call(admin.get(`/api/rtm-sys/boosts/${missing}/receipt`), 404);
    await call(admin.get('/api/rtm-sys/payments').query({ kind: 'dispute' }), 200);
    await call(
      admin
        .post('/api/rtm-sys/payments/disputes/dp_unknown/resolve')
        .send({ liftSuspension: true, reason: 'Dispute won' }),
      404,
    );
    await call(admin.post('/api/rtm-sys/logout'), 200);

    expect(problems).toEqual([]);
  });

  it('matches the archive of a closed week', async () => {
    // The week of the posts above closes when the app starts in a later week.
    clock.advance(7 * DAY_MS);
    app = await app.restart();
    let weeks: { week: string; winners: unknown[] }[] = [];
    while (weeks.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      weeks = (await call(request(app.server).get('/api/leaderboard/weeks'), 200)).body as {
        week: string;
        winners: unknown[];
      }[];
    }
    expect(weeks[0].winners.length).toBeGreaterThan(0);
    await call(request(app.server).get(`/api/leaderboard/weeks/${weeks[0].week}`), 200);
    expect(problems).toEqual([]);
  });

  it('has gone through every documented route', () => {
    const documented = documentedOperations(document).map(
      (op) => `${op.method.toUpperCase()} ${op.path}`,
    );
    // Served by the document route itself, which the first describe reads.
    const untried = documented.filter(
      (route) => !answered.has(route) && route !== 'GET /api/openapi.json',
    );
    expect(untried).toEqual([]);
  });
});

type Probe = (agent: ReturnType<typeof request>, cookie?: string) => Promise<Response>;

/**
 * Requests that a careless or hostile client could send to an operation: unknown ids in the
 * path, and either no query or one query parameter with a value that fits none, and a body with
 * a field nobody asked for (JSON) or a file that is no image (multipart).
 */
function probesOf({ method, path, operation }: DocumentedOperation): Probe[] {
  const url = path.replace(/\{[^}]+\}/g, () => randomUUID());
  const queryNames = (operation.parameters ?? []).flatMap((parameter) =>
    'in' in parameter && parameter.in === 'query' ? [parameter.name] : [],
  );
  const queries: Record<string, string>[] = [
    {},
    ...queryNames.map((name) => ({ [name]: 'not-a-fitting-value' })),
  ];
  const content =
    operation.requestBody && 'content' in operation.requestBody
      ? operation.requestBody.content
      : {};
  const fileField = (content['multipart/form-data']?.schema as { required?: string[] } | undefined)
    ?.required?.[0];

  return queries.map((query) => (agent, cookie) => {
    let test: Test = agent[method](url).query(query);
    if (cookie) test = test.set('Cookie', cookie);
    if (content['application/json']) return test.send({ unexpectedField: true });
    if (fileField) {
      return test.attach(fileField, Buffer.from('no image here'), {
        filename: 'feet.jpg',
        contentType: 'image/jpeg',
      });
    }
    return test;
  });
}
