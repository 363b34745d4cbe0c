import type { OpenAPIObject, ResponseObject } from '@nestjs/swagger';
import type { Express } from 'express';
import { randomUUID } from 'node:crypto';
import request, { type Response, type Test } from 'supertest';
import { sessionCookieOf } from '../support/accounts';
import { verifiedUser } from '../support/community';
import {
  answerProblems,
  documentedOperations,
  type DocumentedOperation,
  jsonSchemaOf,
  needsSession,
} from '../support/openapi-answers';
import { startTestApp, type TestApp } from '../support/test-app';

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
        properties: { message: expect.objectContaining({ type: 'string' }) },
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
          .filter((status) => /^2/.test(status))
          .filter((status) => !jsonSchemaOf(operation.responses[status]))
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

    const entry = await request(app.server).get('/api/rtm-sys/entry').expect(302);
    expect(entry.headers.location).toBe(HIDDEN_LOGIN_PATH);
    expect(document.paths['/api/rtm-sys/entry'].get?.responses['302']).toBeDefined();
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
