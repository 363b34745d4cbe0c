import type {
  OpenAPIObject,
  OperationObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger';
import type { Response } from 'supertest';
import { conformanceProblems } from './openapi-conformance';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export interface DocumentedOperation {
  method: (typeof HTTP_METHODS)[number];
  /** The path as the document writes it: `/api/posts/{id}`. */
  path: string;
  operation: OperationObject;
}

export function documentedOperations(document: OpenAPIObject): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({
      method,
      path,
      operation: item[method]!,
    })),
  );
}

/** Whether the operation needs a session: security listed, and none of it optional (`{}`). */
export function needsSession(operation: OperationObject): boolean {
  const security = operation.security ?? [];
  return security.length > 0 && security.every((requirement) => Object.keys(requirement).length);
}

export function jsonSchemaOf(
  response: ResponseObject | ReferenceObject | undefined,
): SchemaObject | ReferenceObject | undefined {
  if (!response || '$ref' in response) return undefined;
  return response.content?.['application/json']?.schema;
}

/** The documented operation a concrete request went to (`GET /api/posts/3f…`). */
export function operationOf(
  document: OpenAPIObject,
  method: string,
  url: string,
): DocumentedOperation | undefined {
  const path = new URL(url, 'http://app').pathname;
  const candidates = documentedOperations(document)
    .filter((op) => op.method === method.toLowerCase())
    .filter((op) => new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
  // A fixed segment wins over a parameter (`/api/posts/publish` over `/api/posts/{id}`).
  return candidates.sort((a, b) => paramCount(a.path) - paramCount(b.path))[0];
}

function paramCount(path: string): number {
  return (path.match(/\{/g) ?? []).length;
}

/**
 * What is wrong with the document's account of one answer: its status is not documented, a
 * refusal is not `{ message }`, a success body does not match its schema, or a 401 comes from
 * an operation that does not say it needs a session.
 */
export function answerProblems(
  document: OpenAPIObject,
  documented: DocumentedOperation,
  response: Response,
  who: string,
): string[] {
  const { method, path, operation } = documented;
  const label = `${method.toUpperCase()} ${path} (${who}) answered ${response.status}`;
  const described = operation.responses[String(response.status)] as ResponseObject | undefined;
  if (!described) {
    return [
      `${label}, which is not documented (documented: ${Object.keys(operation.responses).join(', ')}); body ${JSON.stringify(response.body)}`,
    ];
  }
  const problems: string[] = [];
  if (response.status >= 400) {
    const body = response.body as Record<string, unknown>;
    if (Object.keys(body ?? {}).join() !== 'message' || typeof body.message !== 'string') {
      problems.push(`${label} with ${JSON.stringify(body)}, not { message }`);
    }
  } else {
    const schema = jsonSchemaOf(described);
    if (schema) {
      problems.push(
        ...conformanceProblems(document, response.body, schema).map((p) => `${label}: ${p}`),
      );
    }
  }
  if (response.status === 401 && !needsSession(operation)) {
    problems.push(`${label}, but the operation does not say it needs a session`);
  }
  return problems;
}
