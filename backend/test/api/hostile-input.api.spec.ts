import type {
  OpenAPIObject,
  ParameterObject,
  ReferenceObject,
  SchemaObject,
} from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { MESSAGES } from '../../src/domain/user/account-rules';
import { TOO_DEEP_MESSAGE } from '../../src/api/security/json-depth';
import { sessionCookieOf } from '../support/accounts';
import { verifiedUser } from '../support/community';
import {
  documentedOperations,
  type DocumentedOperation,
  HTTP_METHODS,
} from '../support/openapi-answers';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Hostile input on every route the api documents, as a fuzzer driven by `/api/openapi.json`
 * sends it: whatever arrives, the answer is a refusal or a success, never a 500.
 */

const ADMIN = { username: 'fuzz_admin', password: 'a long admin password' };
const ENV = {
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  UPLOAD_LIMIT_PER_HOUR: '100000',
};

/** A string with a lone surrogate: valid JSON (`"\ud800"`), not valid Unicode. */
const LONE_SURROGATE = 'a\ud800b';

/** Values of every JSON type, each in place of every field. */
const HOSTILE_VALUES: readonly unknown[] = [
  LONE_SURROGATE,
  '\udfff',
  '',
  'x'.repeat(5000),
  null,
  -1,
  1e308,
  0.5,
  true,
  [],
  [LONE_SURROGATE],
  {},
  { $gt: '' },
  { __proto__: { polluted: true } },
];

function nested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

function resolve(
  document: OpenAPIObject,
  schema: SchemaObject | ReferenceObject | undefined,
): SchemaObject | undefined {
  if (!schema) return undefined;
  if ('$ref' in schema) {
    return resolve(document, document.components?.schemas?.[schema.$ref.split('/').pop()!]);
  }
  return schema;
}

/** The JSON body schema of an operation, when it takes one. */
function bodySchemaOf(document: OpenAPIObject, op: DocumentedOperation): SchemaObject | undefined {
  const body = op.operation.requestBody;
  if (!body || '$ref' in body) return undefined;
  return resolve(document, body.content['application/json']?.schema);
}

/** A body whose fields all hold `value`: every documented field of the schema, and one more. */
function bodyOf(schema: SchemaObject, value: unknown): Record<string, unknown> {
  const fields = Object.keys(schema.properties ?? {});
  return Object.fromEntries(fields.map((field) => [field, value]));
}

/**
 * Raw, already encoded values for path and query parameters: a lone surrogate and an invalid
 * byte as percent escapes, a traversal, an overlong value, and (for queries) arrays, objects and
 * repeats that a query parser turns into something other than a string.
 */
const HOSTILE_PATH_VALUES = ['%ED%A0%80', '%FF', '..%2F..%2Fetc', '%00', 'x'.repeat(3000)];
const hostileQueries = (name: string) => [
  `${name}=%ED%A0%80`,
  `${name}=%FF`,
  `${name}=%00`,
  `${name}=${'x'.repeat(3000)}`,
  `${name}=1&${name}=2`,
  `${name}[a]=1`,
  `${name}[]=1`,
  `${name}${'[a]'.repeat(50)}=1`,
  `${name}=-1e309`,
];

/** The operation's path with its parameters filled by `encoded`. */
function pathOf(op: DocumentedOperation, encoded: string): string {
  return op.path.replace(/\{[^}]+\}/g, () => encoded);
}

function queryParameters(op: DocumentedOperation): string[] {
  return (op.operation.parameters ?? [])
    .filter((p): p is ParameterObject => 'in' in p && p.in === 'query')
    .map((p) => p.name);
}

describe('hostile input, on every documented route', () => {
  let app: TestApp;
  let document: OpenAPIObject;
  let operations: DocumentedOperation[];
  /** Signed in as a verified member and as an admin at once, so guards let bodies through. */
  let cookies: () => Promise<string>;

  beforeAll(async () => {
    app = await startTestApp(ENV);
    document = (await request(app.server).get('/api/openapi.json').expect(200))
      .body as OpenAPIObject;
    operations = documentedOperations(document);
    const member = await verifiedUser(app);
    cookies = async () => {
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
  });
  afterAll(() => app.close());

  async function stillSignedIn(cookie: string): Promise<boolean> {
    const [user, admin] = await Promise.all([
      request(app.server).get('/api/auth/me').set('Cookie', cookie),
      request(app.server).get('/api/rtm-sys/me').set('Cookie', cookie),
    ]);
    return user.status === 200 && admin.status === 200;
  }

  function send(op: DocumentedOperation, path: string, cookie: string | null): request.Test {
    const method = op.method as (typeof HTTP_METHODS)[number];
    const call = request(app.server)[method](path);
    return cookie ? call.set('Cookie', cookie) : call;
  }

  it('refuses a body nested 2,000 levels deep with 400 before validation, on every JSON route', async () => {
    const problems: string[] = [];
    const jsonRoutes = operations.filter((op) => bodySchemaOf(document, op));
    expect(jsonRoutes.length).toBeGreaterThan(20);
    // Refused before any route runs, so no probe can end these sessions.
    const signedIn = await cookies();
    for (const op of jsonRoutes) {
      for (const body of [nested(2000), `{"email":${nested(2000)}}`, '{"a":'.repeat(2000)]) {
        for (const cookie of [null, signedIn]) {
          const response = await send(op, pathOf(op, randomUUID()), cookie)
            .set('Content-Type', 'application/json')
            .send(body);
          // The webhook reads raw bytes and checks Stripe's signature before anything parses them.
          const expected =
            op.path === '/api/stripe/webhook' ? 'Invalid webhook signature' : TOO_DEEP_MESSAGE;
          if (response.status !== 400 || response.body.message !== expected) {
            problems.push(
              `${op.method.toUpperCase()} ${op.path} (${cookie ? 'signed in' : 'stranger'}) answered ${response.status} ${JSON.stringify(response.body)}`,
            );
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses a field naming a prototype in a body, at any depth, like any unknown field', async () => {
    const member = await verifiedUser(app);
    const comment = (body: string) =>
      member.agent
        .post(`/api/posts/${randomUUID()}/comments`)
        .set('Content-Type', 'application/json')
        .send(body);
    for (const [body, key] of [
      ['{"text":"Hi","__proto__":{"isAdmin":true}}', '__proto__'],
      ['{"text":"Hi","constructor":{"prototype":{"isAdmin":true}}}', 'constructor'],
      ['{"text":"Hi","parentCommentId":null,"x":[{"__proto__":1}]}', '__proto__'],
    ] as const) {
      const refused = await comment(body).expect(400);
      expect(refused.body).toEqual({ message: `property ${key} should not exist` });
    }
    // A field that merely contains the word is a field like any other.
    const unknown = await comment('{"text":"__proto__ constructor"}');
    expect(unknown.status).toBe(404);
  });

  it('never answers 500 to a hostile value in any body field, path parameter or query parameter', async () => {
    const problems: string[] = [];
    const record = (op: DocumentedOperation, what: string, status: number, body: unknown) => {
      if (status >= 500) {
        problems.push(
          `${op.method.toUpperCase()} ${op.path} with ${what} answered ${status} ${JSON.stringify(body)}`,
        );
      }
    };
    let cookie = await cookies();
    for (const op of operations) {
      // Signing out and erasing the account are probed too: a route that ended either session
      // leaves the next one a fresh pair (two cheap reads instead of two sign-ins per route).
      if (!(await stillSignedIn(cookie))) cookie = await cookies();
      const schema = bodySchemaOf(document, op);
      for (const value of HOSTILE_VALUES) {
        const what = JSON.stringify(value) ?? String(value);
        if (schema) {
          const response = await send(op, pathOf(op, randomUUID()), cookie).send(
            bodyOf(schema, value),
          );
          record(op, `every field ${what.slice(0, 40)}`, response.status, response.body);
        }
      }
      if (op.path.includes('{')) {
        for (const encoded of HOSTILE_PATH_VALUES) {
          const response = await send(op, pathOf(op, encoded), cookie);
          record(op, `path parameters ${encoded.slice(0, 40)}`, response.status, response.body);
        }
      }
      for (const name of queryParameters(op)) {
        for (const query of hostileQueries(name)) {
          const response = await send(op, `${pathOf(op, randomUUID())}?${query}`, cookie);
          record(op, `query ${query.slice(0, 60)}`, response.status, response.body);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it.each([
    ['/api/auth/login', { password: 'long enough password' }],
    ['/api/auth/register', { password: 'long enough password' }],
    ['/api/auth/forgot-password', {}],
    ['/api/auth/resend-verification', {}],
  ])(
    'answers an email with a lone surrogate on %s with 400 and the usual message',
    async (path, rest) => {
      for (const email of ['a\ud800@example.com', 'a@exa\udc00mple.com', '\ud83d@example.com']) {
        const response = await request(app.server)
          .post(path)
          .send({ email, ...rest })
          .expect(400);
        expect(response.body).toEqual({ message: MESSAGES.emailInvalid });
      }
    },
  );
});
