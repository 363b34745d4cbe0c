import type { QueryFunction } from '@tanstack/react-query';

/**
 * HTTP only (spec §7, §8): every request carries the session cookie, JSON is declared only
 * when a body is sent, and any non-OK answer becomes `Error('<status>: <body or status text>')`.
 * Toasts and redirects belong to the UI layer.
 */

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new Error(`${res.status}: ${text || res.statusText}`);
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

/** Multipart upload: the browser sets the multipart boundary, so no Content-Type is given. */
export async function upload(url: string, formData: FormData): Promise<Response> {
  const res = await fetch(url, { method: 'POST', body: formData, credentials: 'include' });
  await throwIfNotOk(res);
  return res;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default read call: the URL is the query key's segments joined by '/'. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * Spec §4 session checks: signed out on 401, and on any other failure too (the server down,
 * an endpoint missing), which is only logged.
 */
export function getSessionQueryFn<T>(what: string): QueryFunction<T | null> {
  const read = getQueryFn<T>({ on401: 'returnNull' });
  return async (context) => {
    try {
      return (await read(context)) ?? null;
    } catch (error) {
      console.warn(`${what} check failed; treating as signed out.`, error);
      return null;
    }
  };
}

/** The HTTP status of an error thrown by this client, or null for other errors. */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : null;
}

/**
 * Pulls the server's `message` out of an error of the form `status: json`.
 * Returns null when there is none, so callers can fall back to their own wording.
 */
export function errorMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const separator = error.message.indexOf(': ');
  if (separator < 0) return null;
  const body = error.message.slice(separator + 2);
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const { message } = parsed as { message: unknown };
      if (typeof message === 'string' && message.trim()) return message;
      // Validation pipes may answer with a list of messages.
      if (Array.isArray(message) && message.every((m) => typeof m === 'string') && message.length) {
        return message.join(' ');
      }
    }
  } catch {
    // Not JSON (an HTML error page, plain text): there is no message field to show.
  }
  return null;
}
