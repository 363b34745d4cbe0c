import type { OpenAPIObject } from '@nestjs/swagger';
import request from 'supertest';
import { registerUser, type RegisteredUser } from '../support/accounts';
import { publishPost, verifiedUser } from '../support/community';
import {
  documentedOperations,
  type DocumentedOperation,
  needsSession,
} from '../support/openapi-answers';
import { startTestApp, type TestApp } from '../support/test-app';

const ADMIN = { username: 'door_admin', password: 'a long admin password' };
const ZERO_UUID = '00000000-0000-4000-8000-000000000000';
/** What a refusal for a missing session says, user or admin. */
const SESSION_MESSAGES = [
  'Please sign in to continue.',
  'Please sign in as an admin to continue.',
  'Please log in or register to post directly without rating.',
  'Account required to boost posts',
];

const label = (op: DocumentedOperation) => `${op.method.toUpperCase()} ${op.path}`;

/**
 * Sign-in and verified-member requirements are declared on the route: one guard applies them
 * before any other guard counts the request and before its body is read, and the OpenAPI
 * document comes from the same declaration, so the two cannot disagree.
 */
describe('session requirements declared on the route', () => {
  let app: TestApp;
  let operations: DocumentedOperation[];
  let owner: RegisteredUser;
  let unverified: RegisteredUser;
  let postId: string;

  beforeAll(async () => {
    app = await startTestApp({
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      UPLOAD_LIMIT_PER_HOUR: '100000',
    });
    const document = (await request(app.server).get('/api/openapi.json').expect(200))
      .body as OpenAPIObject;
    operations = documentedOperations(document);
    owner = await verifiedUser(app);
    unverified = await registerUser(app);
    postId = await publishPost(app, owner);
  });
  afterAll(() => app.close());

  const send = (op: DocumentedOperation) => {
    const agent = request(app.server);
    const call = agent[op.method as 'get'].bind(agent);
    return call(op.path.replace(/\{[^}]+\}/g, ZERO_UUID))
      .set('Content-Type', 'application/json')
      .send('{"text":5,"overallScore":"x","boostType":7}');
  };

  it('refuses a stranger on every route the document says needs a session, before the body is read', async () => {
    const required = operations.filter((op) => needsSession(op.operation));
    expect(required.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const op of required) {
      const response = await send(op);
      if (response.status !== 401) {
        problems.push(`${label(op)} answered ${response.status} ${JSON.stringify(response.body)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('never refuses a stranger for lack of a session on a route where it is optional or not asked', async () => {
    const open = operations.filter((op) => !needsSession(op.operation));
    expect(open.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const op of open) {
      const response = await send(op);
      if (response.status === 401 && SESSION_MESSAGES.includes(response.body.message)) {
        problems.push(`${label(op)} answered ${response.status} ${JSON.stringify(response.body)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('tells a stranger what a member action needs, even when the body is malformed', async () => {
    const reply = await request(app.server)
      .post(`/api/posts/${postId}/comments`)
      .send({ text: 42, parentCommentId: ZERO_UUID })
      .expect(401);
    expect(reply.body).toEqual({ message: 'Please sign up to reply to comments' });
    const rating = await request(app.server)
      .post('/api/ratings/submit')
      .send({ postId, overallScore: 'ten' })
      .expect(401);
    expect(rating.body).toEqual({ message: 'Please sign up to rate posts' });
  });

  it('tells an unverified account to verify before looking at what it sent', async () => {
    for (const call of [
      unverified.agent.post(`/api/posts/${postId}/comments`).send({ text: 42 }),
      unverified.agent.post(`/api/posts/${postId}/report`).send({}),
      unverified.agent.post('/api/boost/checkout').send({ boostType: 'gigantic' }),
    ]) {
      const response = await call.expect(403);
      expect(response.body).toEqual({
        message: 'Please verify your email address first: open the link we sent you.',
      });
    }
  });

  it('lets a verified member through to the body’s own checks', async () => {
    const response = await owner.agent
      .post(`/api/posts/${postId}/comments`)
      .send({ text: 42 })
      .expect(400);
    expect(response.body).toEqual({ message: 'Comment cannot be empty' });
  });
});
