import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  getSchemaPath,
  type OpenAPIObject,
  type OperationObject,
  type ResponseObject,
  SwaggerModule,
} from '@nestjs/swagger';
import { ADMIN_SESSION_COOKIE, USER_SESSION_COOKIE } from '../auth/session-cookies';
import { CROSS_SITE_REFUSED } from '../security/cross-site-request.middleware';
import { ADMIN_SESSION_AUTH, ErrorResponse, USER_SESSION_AUTH } from '../shared/openapi';
import { loadPluginMetadata } from './plugin-metadata';

/** Where the app serves its own description. */
export const OPENAPI_PATH = '/api/openapi.json';

/** Bumped when a change to the api would break a client written against the previous one. */
const API_VERSION = '1.0.0';

const DESCRIPTION = [
  'The SoleScore api: photo ratings, accounts, the community (posts, boards, likes, comments,',
  'ratings, reports, weekly competitions) and the admin sign-in.',
  '',
  'Every refusal and failure answers JSON `{ "message": "…" }` (schema `ErrorResponse`) with a',
  'fitting status; an unexpected failure answers 500 with a generic message, and an address or',
  'headers past 16 KB answer 431. State-changing requests (anything but GET, HEAD and OPTIONS)',
  'sent by a browser from another site are refused with 403. Unknown query parameters are',
  'ignored; unknown body fields are refused with 400.',
  '',
  'Every answer carries `X-Request-Id`: the one the request sent when it is 1 to 64 letters,',
  'digits, `.`, `_` or `-`, else a new UUID. The events a request records carry it as their',
  'correlation id, and the server logs it with the request.',
].join('\n');

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The OpenAPI 3 document of the routes this app has registered, generated from the controllers'
 * decorators and the views' and DTOs' types (the swagger plugin's metadata) and decorators, plus
 * what the middleware in front of every route adds (cross-site refusals, body parser errors) and
 * the document's own route.
 */
export async function buildOpenApiDocument(app: INestApplication): Promise<OpenAPIObject> {
  await loadPluginMetadata();
  const config = new DocumentBuilder()
    .setTitle('SoleScore API')
    .setDescription(DESCRIPTION)
    .setVersion(API_VERSION)
    .addCookieAuth(
      USER_SESSION_COOKIE,
      {
        type: 'apiKey',
        in: 'cookie',
        name: USER_SESSION_COOKIE,
        description:
          'User session, set by sign-in, registration and email verification (HttpOnly, 30 days).',
      },
      USER_SESSION_AUTH,
    )
    .addCookieAuth(
      ADMIN_SESSION_COOKIE,
      {
        type: 'apiKey',
        in: 'cookie',
        name: ADMIN_SESSION_COOKIE,
        description:
          'Admin session, set by the admin sign-in and sent only to /api/rtm-sys (12 hours).',
      },
      ADMIN_SESSION_AUTH,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) =>
      `${controller.replace(/Controller$/, '')}_${method}`,
    extraModels: [ErrorResponse],
  });
  for (const operation of operations(document)) addMiddlewareRefusals(operation);
  document.paths[OPENAPI_PATH] = { get: selfDescription() };
  return document;
}

function* operations(document: OpenAPIObject): Generator<{
  method: (typeof HTTP_METHODS)[number];
  operation: OperationObject;
}> {
  for (const item of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) yield { method, operation };
    }
  }
}

/** Refusals that come from the middleware in front of the routes, not from the routes. */
function addMiddlewareRefusals({
  method,
  operation,
}: {
  method: string;
  operation: OperationObject;
}): void {
  if (method !== 'get' && method !== 'head' && method !== 'options') {
    addRefusal(operation, 403, `${CROSS_SITE_REFUSED} (a browser request from another site)`);
  }
  const body = operation.requestBody;
  if (body && 'content' in body && body.content['application/json']) {
    addRefusal(operation, 400, 'The request body is not valid JSON');
    addRefusal(operation, 413, 'The request body is over 64 KB');
  }
}

function addRefusal(operation: OperationObject, status: number, reason: string): void {
  const existing = operation.responses[status] as ResponseObject | undefined;
  operation.responses[status] = existing
    ? { ...existing, description: `${existing.description}; or: ${reason}` }
    : {
        description: reason,
        content: {
          'application/json': { schema: { $ref: getSchemaPath(ErrorResponse) } },
        },
      };
}

function selfDescription(): OperationObject {
  return {
    operationId: 'OpenApi_document',
    summary: 'This document: the OpenAPI 3 description of every api route',
    tags: ['OpenApi'],
    responses: {
      200: {
        description: 'The OpenAPI 3 document',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    },
  };
}
