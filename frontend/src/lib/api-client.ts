/**
 * HTTP only (spec §7, §8): every request carries the session cookie, JSON is declared only
 * when a body is sent, and any non-OK answer throws an `ApiError` whose message is
 * `<status>: <body or status text>`. Callers read its `status` and `serverMessage`, never that
 * text. Toasts and redirects belong to the UI layer.
 */

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

export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(url, {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/** A JSON call whose answer type the caller names: the typed fetchers of the features use it. */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

/** GET a JSON document; `signal` lets React Query cancel it. */
export async function apiGet<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', signal });
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

/** One page of a paged list: its items and the address of the next page, if there is one. */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/**
 * The `rel="next"` target of an RFC 8288 `Link` header, or null. Handles several links in one
 * header, quoted and unquoted relation values and several relations in one value.
 */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const [, target, params = ''] = match;
    for (const param of params.split(';')) {
      const [name, value = ''] = param.split('=').map((part) => part.trim());
      if (name?.toLowerCase() !== 'rel') continue;
      const relations = value.replace(/^"|"$/g, '').toLowerCase().split(/\s+/);
      if (relations.includes('next') && target) return target;
    }
  }
  return null;
}

/** GET a JSON array whose next page is announced in the `Link` header. */
export async function apiGetPage<T>(url: string, signal?: AbortSignal): Promise<Page<T>> {
  const res = await fetch(url, { credentials: 'include', signal });
  await throwIfNotOk(res);
  const items = (await res.json()) as T[];
  return { items, next: nextLink(res.headers.get('Link')) };
}

/** Multipart upload: the browser sets the multipart boundary, so no Content-Type is given. */
export async function upload(url: string, formData: FormData): Promise<Response> {
  const res = await fetch(url, { method: 'POST', body: formData, credentials: 'include' });
  await throwIfNotOk(res);
  return res;
}

/** GET a JSON document only a signed-in visitor has: null on 401 (nobody is signed in). */
export async function apiGetIfSignedIn<T>(url: string, signal?: AbortSignal): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include', signal });
  // 204: the session check's "nobody is signed in"; 401: a route that needs a session.
  if (res.status === 401 || res.status === 204) return null;
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

/**
 * Spec §4 session checks (`what` names the session in the log): signed out on 401, and on any
 * other failure too (the server down, an endpoint missing), which is only logged.
 */
export async function checkSession<T>(
  url: string,
  what: string,
  signal?: AbortSignal,
): Promise<T | null> {
  try {
    return await apiGetIfSignedIn<T>(url, signal);
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
