import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  ApiError,
  apiGet,
  apiGetIfSignedIn,
  apiRequest,
  apiUrl,
  checkSession,
  errorMessage,
  errorStatus,
  upload,
} from './api-client';

function mockFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiRequest', () => {
  it('sends JSON with credentials when there is a body', async () => {
    const fetchMock = mockFetch(new Response('{"id":"p1"}', { status: 200 }));

    await apiRequest('POST', '/api/auth/forgot-password', { body: { email: 'a@example.com' } });

    expect(fetchMock).toHaveBeenCalledWith('/api/auth/forgot-password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"a@example.com"}',
      credentials: 'include',
    });
  });

  it('sends no content type and no body without a body', async () => {
    const fetchMock = mockFetch(new Response(null, { status: 204 }));

    await apiRequest('POST', '/api/auth/logout');

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.headers).toEqual({});
    expect(init?.body).toBeUndefined();
    expect(init?.credentials).toBe('include');
  });

  it('throws "<status>: <body>" on a non-OK answer', async () => {
    mockFetch(new Response('{"message":"Too many uploads"}', { status: 429 }));

    await expect(apiRequest('GET', '/api/user')).rejects.toThrow(
      '429: {"message":"Too many uploads"}',
    );
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch(new Response('', { status: 404, statusText: 'Not Found' }));

    await expect(apiRequest('GET', '/api/user')).rejects.toThrow('404: Not Found');
  });
});

describe('apiUrl', () => {
  it('fills the path’s parameters, encoded', () => {
    expect(apiUrl('/api/users/{userId}', { path: { userId: 'a b/c' } })).toBe(
      '/api/users/a%20b%2Fc',
    );
  });

  it('adds the query’s values that are set, in their order', () => {
    expect(
      apiUrl('/api/posts', { query: { sort: 'top', limit: 24, q: '', cursor: undefined } }),
    ).toBe('/api/posts?sort=top&limit=24');
    expect(apiUrl('/api/posts')).toBe('/api/posts');
  });
});

describe('apiGet', () => {
  it('gets the path with its parameters, credentials and the caller’s abort signal', async () => {
    const fetchMock = mockFetch(new Response('{"liked":true}', { status: 200 }));
    const { signal } = new AbortController();

    await expect(
      apiGet('/api/posts/{id}/like', { params: { path: { id: 'p/1' } }, signal }),
    ).resolves.toEqual({ liked: true });

    expect(fetchMock).toHaveBeenCalledWith('/api/posts/p%2F1/like', {
      method: 'GET',
      headers: {},
      body: undefined,
      credentials: 'include',
      signal,
    });
  });
});

describe('upload', () => {
  it('posts multipart form data without a JSON content type', async () => {
    const fetchMock = mockFetch(new Response('{}', { status: 200 }));
    const formData = new FormData();
    formData.append('image', new Blob(['x'], { type: 'image/png' }), 'foot.png');

    await upload('/api/upload', formData);

    expect(fetchMock).toHaveBeenCalledWith('/api/upload', {
      method: 'POST',
      headers: {},
      body: formData,
      credentials: 'include',
      signal: undefined,
    });
  });

  it('throws with the server message body on failure', async () => {
    mockFetch(new Response('{"message":"File too large"}', { status: 413 }));

    await expect(upload('/api/upload', new FormData())).rejects.toThrow(
      '413: {"message":"File too large"}',
    );
  });
});

describe('apiGetIfSignedIn', () => {
  it('gets the JSON document with credentials and the caller’s abort signal', async () => {
    const fetchMock = mockFetch(new Response('{"id":"u1"}', { status: 200 }));
    const { signal } = new AbortController();

    await expect(apiGetIfSignedIn('/api/auth/me', signal)).resolves.toEqual({ id: 'u1' });

    expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', {
      method: 'GET',
      headers: {},
      body: undefined,
      credentials: 'include',
      signal,
    });
  });

  it('is null on 401', async () => {
    mockFetch(new Response('{"message":"Unauthorized"}', { status: 401 }));

    await expect(apiGetIfSignedIn('/api/auth/me')).resolves.toBeNull();
  });

  it('throws an ApiError on other failures', async () => {
    mockFetch(new Response('{"message":"Forbidden"}', { status: 403 }));

    const error = await apiGetIfSignedIn('/api/auth/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(errorStatus(error)).toBe(403);
  });
});

describe('checkSession', () => {
  it('is the signed-in document', async () => {
    mockFetch(new Response('{"id":"u1"}', { status: 200 }));

    await expect(checkSession('/api/auth/me', 'Session')).resolves.toEqual({ id: 'u1' });
  });

  it('is null on 204 (the session check signed out) and logs nothing', async () => {
    mockFetch(new Response(null, { status: 204 }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    await expect(checkSession('/api/auth/session', 'Session')).resolves.toBeNull();

    expect(warn).not.toHaveBeenCalled();
  });

  it('is null on 401 and logs nothing: being signed out is no failure', async () => {
    mockFetch(new Response('{"message":"Unauthorized"}', { status: 401 }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(checkSession('/api/auth/me', 'Session')).resolves.toBeNull();

    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('is null on any other failure, which is only logged', async () => {
    mockFetch(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    await expect(checkSession('/api/rtm-sys/me', 'Admin session')).resolves.toBeNull();

    expect(warn).toHaveBeenCalledWith(
      'Admin session check failed; treating as signed out.',
      expect.any(ApiError),
    );
  });
});

describe('errorMessage', () => {
  it('is the message field of the JSON error body', async () => {
    mockFetch(new Response('{"message":"Only photos of feet are allowed"}', { status: 422 }));
    const error = await upload('/api/upload', new FormData()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(errorMessage(error)).toBe('Only photos of feet are allowed');
  });

  it('joins a list of validation messages', () => {
    expect(errorMessage(new ApiError(400, '{"message":["email must be an email","x"]}'))).toBe(
      'email must be an email x',
    );
  });

  it('is null when there is no usable message', () => {
    expect(errorMessage(new ApiError(500, 'Internal Server Error'))).toBeNull();
    expect(errorMessage(new ApiError(400, '{"error":"Bad"}'))).toBeNull();
    expect(errorMessage(new ApiError(400, '{"message":""}'))).toBeNull();
    expect(errorMessage(new Error('400: {"message":"not from the client"}'))).toBeNull();
    expect(errorMessage('not an error')).toBeNull();
  });
});

describe('errorStatus', () => {
  it('reads the status code', () => {
    expect(errorStatus(new ApiError(429, '{"message":"Slow down"}'))).toBe(429);
    expect(errorStatus(new Error('Network error'))).toBeNull();
  });
});
