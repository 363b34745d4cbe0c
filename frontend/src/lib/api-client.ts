/**
 * HTTP only (spec §7, §8): every request carries the session cookie, JSON is declared only
 * when a body is sent, and any non-OK answer throws an `ApiError` whose message is
 * `<status>: <body or status text>`. Callers read its `status` and `serverMessage`, never that
 * text. Toasts and redirects belong to the UI layer.
 */
import type {
  FilterKeys,
  IsOperationRequestBodyOptional,
  OperationRequestBodyContent,
  PathsWithMethod,
  RequiredKeysOf,
} from 'openapi-typescript-helpers';

import type { paths } from './api/schema.gen';

/** The one error this client throws for a non-OK answer. */
export class ApiError extends Error {
  readonly status: number;
  /** The `message` field of the JSON error body (`{ "message": … }`), or null. */
  readonly serverMessage: string | null;
  /** The answer says the refusal counts as a strike (`strike` beside the message). */
  readonly isStrike: boolean;

  constructor(status: number, body: string, statusText = '') {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = messageField(body);
    this.isStrike = /"strike":\{/.test(body);
  }
}

/** Whether a refused request counts as a strike, as the server said. */
export function isStrike(error: unknown): boolean {
  return error instanceof ApiError && error.isStrike;
}

function messageField(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const { message } = parsed as { message: unknown };
      if (typeof message === 'string' && message.trim()) return message;
      // Validation pipes may answer with a list of messages.
      if (Array.isArray(message) && message.length && message.every((m) => typeof m === 'string')) {
        return message.join(' ');
      }
    }
  } catch {
    // Not JSON (an HTML error page, plain text): there is no message field to show.
  }
  return null;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, res.statusText);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The api's paths that answer `method`, as its OpenAPI document (`schema.gen.ts`) writes them:
 * `'/api/posts/{id}'`. Every call names one, so a path, a parameter or a body the api does not
 * have is a type error, and the answer's type comes from the document, not from the caller.
 */
export type ApiPath<M extends HttpMethod = 'GET'> = PathsWithMethod<paths, Lowercase<M>>;

type Operation<M extends HttpMethod, P extends ApiPath<M>> = FilterKeys<paths[P], Lowercase<M>>;

type PathAndQuery<Op> = Op extends { parameters: infer Both }
  ? Pick<Both, 'path' & keyof Both> & Pick<Both, 'query' & keyof Both>
  : never;

type ParamsOption<Op> =
  RequiredKeysOf<PathAndQuery<Op>> extends never
    ? { params?: PathAndQuery<Op> }
    : { params: PathAndQuery<Op> };

type BodyOption<Op> =
  OperationRequestBodyContent<Op> extends never
    ? { body?: never }
    : IsOperationRequestBodyOptional<Op> extends true
      ? { body?: OperationRequestBodyContent<Op> }
      : { body: OperationRequestBodyContent<Op> };

/** The parameters of a GET `path` (its path's and its query's), optional when none is required. */
export type ApiParamArgs<P extends ApiPath> = InitArgs<PathAndQuery<Operation<'GET', P>>>;

/** The JSON body a call of `method` on `path` sends. */
export type ApiBody<M extends HttpMethod, P extends ApiPath<M>> = OperationRequestBodyContent<
  Operation<M, P>
>;

/** What a call names besides its path: the path's and the query's parameters, the JSON body. */
export type ApiInit<M extends HttpMethod, P extends ApiPath<M>> = ParamsOption<Operation<M, P>> &
  BodyOption<Operation<M, P>> & { signal?: AbortSignal };

/** The init is optional where the path takes no required parameter and no body. */
type InitArgs<Init> = RequiredKeysOf<Init> extends never ? [init?: Init] : [init: Init];

type JsonOf<Answer> = Answer extends { content: { 'application/json': infer Json } } ? Json : never;

/** The JSON a successful call answers, as the api's document describes it. */
export type ApiAnswer<M extends HttpMethod, P extends ApiPath<M>> =
  Operation<M, P> extends { responses: infer Answers }
    ? JsonOf<Answers[keyof Answers & (200 | 201 | 202)]>
    : never;

interface Params {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
}

/**
 * The address of a GET `path` with its parameters (a paged list's first page, a query's key):
 * each `{name}` replaced by its value, encoded, and the query's values that are set (not
 * undefined, null or empty) in the order given.
 */
export function apiUrl<P extends ApiPath>(path: P, ...[params]: ApiParamArgs<P>): string {
  return address(path, params as Params | undefined);
}

function address(path: string, params: Params = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params.path?.[name])),
  );
  return text ? `${filled}?${text}` : filled;
}

interface Call {
  params?: Params;
  /** JSON, or a form (multipart: the browser sets its boundary, so no Content-Type is given). */
  body?: unknown;
  signal?: AbortSignal;
}

/** Every call of the client: the session cookie goes along; the answer is not checked yet. */
function call(method: HttpMethod, path: string, { params, body, signal }: Call = {}) {
  const json = body !== undefined && !(body instanceof FormData);
  return fetch(address(path, params), {
    method,
    headers: json ? { 'Content-Type': 'application/json' } : {},
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
    credentials: 'include',
    signal,
  });
}

/**
 * A call that throws an `ApiError` unless the answer is OK: the typed calls below, and the paged
 * reads of ./api-pages.ts, whose later addresses come from the server.
 */
export async function send(method: HttpMethod, path: string, init?: Call): Promise<Response> {
  const res = await call(method, path, init);
  await throwIfNotOk(res);
  return res;
}

/** A call whose answer the caller reads itself (its headers, a file, no content). */
export function apiRequest<M extends HttpMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...[init]: InitArgs<ApiInit<M, P>>
): Promise<Response> {
  return send(method, path, init as Call);
}

/** A call that answers JSON, typed by the api's document. */
export async function apiJson<M extends HttpMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...[init]: InitArgs<ApiInit<M, P>>
): Promise<ApiAnswer<M, P>> {
  const res = await send(method, path, init as Call);
  return (await res.json()) as ApiAnswer<M, P>;
}

/** GET a JSON document; `signal` lets React Query cancel it. */
export function apiGet<P extends ApiPath>(
  path: P,
  ...[init]: InitArgs<ApiInit<'GET', P>>
): Promise<ApiAnswer<'GET', P>> {
  return apiJson('GET', path, ...([init] as InitArgs<ApiInit<'GET', P>>));
}

/** Multipart upload: the browser sets the multipart boundary, so no Content-Type is given. */
export function upload(path: ApiPath<'POST'>, formData: FormData): Promise<Response> {
  return send('POST', path, { body: formData });
}

/** GET a JSON document only a signed-in visitor has: null on 401 (nobody is signed in). */
export async function apiGetIfSignedIn<P extends ApiPath>(
  path: P,
  signal?: AbortSignal,
): Promise<ApiAnswer<'GET', P> | null> {
  const res = await call('GET', path, { signal });
  // 204: the session check's "nobody is signed in"; 401: a route that needs a session.
  if (res.status === 401 || res.status === 204) return null;
  await throwIfNotOk(res);
  return (await res.json()) as ApiAnswer<'GET', P>;
}

/**
 * Spec §4 session checks (`what` names the session in the log): signed out on 401, and on any
 * other failure too (the server down, an endpoint missing), which is only logged.
 */
export async function checkSession<P extends ApiPath>(
  path: P,
  what: string,
  signal?: AbortSignal,
): Promise<ApiAnswer<'GET', P> | null> {
  try {
    return await apiGetIfSignedIn(path, signal);
  } catch (error) {
    console.warn(`${what} check failed; treating as signed out.`, error);
    return null;
  }
}

/** The HTTP status of an error thrown by this client, or null for other errors. */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/**
 * The server's `message` for an error thrown by this client, or null when there is none, so
 * callers can fall back to their own wording.
 */
export function errorMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null;
}
