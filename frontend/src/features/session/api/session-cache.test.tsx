// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { answer, stubFetch, testQueryClient } from '@/test/render';

import { signedInUser } from '../test-fixtures';
import { SESSION_QUERY_KEY, useSession } from './get-session';
import { useLogin } from './login';
import { useLogout } from './logout';
import { useRegister } from './register';
import { patchSessionUser, refreshSession } from './session-cache';

/** Another user's view of some data: cached before the session changes. */
const OTHER_KEY = ['/api/posts', 'p1'] as const;

let queryClient: QueryClient;
let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  queryClient = testQueryClient();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** The session as the screens read it, beside the hook under test. */
function renderWithSession<T>(hook: () => T) {
  return renderHook(() => ({ session: useSession(), hook: hook() }), { wrapper });
}

/** Caches other data, with a fetcher that counts how often it is read again. */
function cacheOtherData() {
  const read = vi.fn(async () => ({ likedByMe: true }));
  queryClient.setQueryData(OTHER_KEY, { likedByMe: false });
  queryClient.getQueryCache().find({ queryKey: OTHER_KEY })!.setOptions({
    queryKey: OTHER_KEY,
    queryFn: read,
  });
  return read;
}

describe('the session check at start', () => {
  it('treats a 401 as signed out, without logging anything', async () => {
    stubFetch(() => answer(401, { message: 'Unauthorized' }));
    const { result } = renderWithSession(() => null);

    await waitFor(() => expect(result.current.session.isLoading).toBe(false));
    expect(result.current.session.user).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('is the signed-in user', async () => {
    const fetchMock = stubFetch(() => answer(200, signedInUser));
    const { result } = renderWithSession(() => null);

    await waitFor(() => expect(result.current.session.user).toEqual(signedInUser));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/session', expect.anything());
  });

  it('treats a failed check as signed out and only logs it', async () => {
    stubFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const { result } = renderWithSession(() => null);

    await waitFor(() => expect(result.current.session.isLoading).toBe(false));
    expect(result.current.session.user).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });
});

describe('signing in', () => {
  it.each([['login', useLogin, '/api/auth/login']] as const)(
    'sets the user after %s and reads every other cached answer again',
    async (_, useSignIn, url) => {
      stubFetch((requested) =>
        requested === url ? answer(200, signedInUser) : answer(401, { message: 'Unauthorized' }),
      );
      const { result } = renderWithSession(useSignIn);
      await waitFor(() => expect(result.current.session.isLoading).toBe(false));
      const readAgain = cacheOtherData();

      await act(() =>
        result.current.hook.mutateAsync({ email: 'ann@example.com', password: 'long enough' }),
      );

      expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(signedInUser);
      await waitFor(() => expect(result.current.session.user).toEqual(signedInUser));
      expect(queryClient.getQueryState(OTHER_KEY)?.isInvalidated).toBe(true);
      // Nobody observes the other data here: it is read again when next shown.
      expect(readAgain).not.toHaveBeenCalled();
      expect(queryClient.getQueryState(SESSION_QUERY_KEY)?.isInvalidated).toBe(false);
    },
  );

  it.each([
    ['a new address', true],
    ['an address that has an account already (a decoy answer, nobody signed in)', false],
  ] as const)(
    'given a registration of %s, asks the session again instead of taking the answer for it',
    async (_, signedIn) => {
      let registered = false;
      stubFetch((url) => {
        if (url === '/api/auth/register') {
          registered = true;
          return answer(201, { ...signedInUser, id: 'decoy-or-real' });
        }
        if (url === '/api/auth/session')
          return registered && signedIn ? answer(200, signedInUser) : answer(204, null);
        return answer(401, { message: 'Unauthorized' });
      });
      const { result } = renderWithSession(useRegister);
      await waitFor(() => expect(result.current.session.isLoading).toBe(false));
      const readAgain = cacheOtherData();

      await act(() =>
        result.current.hook.mutateAsync({ email: 'ann@example.com', password: 'long enough' }),
      );

      expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(signedIn ? signedInUser : null);
      await waitFor(() =>
        expect(result.current.session.user).toEqual(signedIn ? signedInUser : null),
      );
      expect(readAgain).not.toHaveBeenCalled();
    },
  );

  it('leaves the session as it was when the sign-in is refused', async () => {
    stubFetch((url) =>
      url === '/api/auth/login'
        ? answer(401, { message: 'Invalid email or password' })
        : answer(401, { message: 'Unauthorized' }),
    );
    const { result } = renderWithSession(useLogin);
    await waitFor(() => expect(result.current.session.isLoading).toBe(false));
    cacheOtherData();

    await act(async () => {
      await result.current.hook
        .mutateAsync({ email: 'ann@example.com', password: 'wrong password' })
        .catch(() => {});
    });

    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(queryClient.getQueryState(OTHER_KEY)?.isInvalidated).toBe(false);
  });
});

describe('signing out', () => {
  it('empties the session at once and forgets every other cached answer', async () => {
    stubFetch((url) =>
      url === '/api/auth/logout' ? new Response(null, { status: 204 }) : answer(200, signedInUser),
    );
    const { result } = renderWithSession(useLogout);
    await waitFor(() => expect(result.current.session.user).toEqual(signedInUser));
    cacheOtherData();

    await act(() => result.current.hook.mutateAsync());

    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    await waitFor(() => expect(result.current.session.user).toBeNull());
    expect(result.current.session.isLoading).toBe(false);
    expect(queryClient.getQueryData(OTHER_KEY)).toBeUndefined();
  });
});

describe('refreshSession', () => {
  it('applies a server that says nobody is signed in any more', async () => {
    stubFetch(() => answer(401, { message: 'Unauthorized' }));
    queryClient.setQueryData(SESSION_QUERY_KEY, signedInUser);
    cacheOtherData();

    await expect(refreshSession(queryClient)).resolves.toBeNull();

    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(queryClient.getQueryData(OTHER_KEY)).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });

  it('takes the user as the server has it now and reads the rest again', async () => {
    const renamed = { ...signedInUser, displayUsername: 'sunny' };
    stubFetch(() => answer(200, renamed));
    queryClient.setQueryData(SESSION_QUERY_KEY, signedInUser);
    cacheOtherData();

    await expect(refreshSession(queryClient)).resolves.toEqual(renamed);

    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(renamed);
    expect(queryClient.getQueryState(OTHER_KEY)?.isInvalidated).toBe(true);
  });
});

describe('patchSessionUser', () => {
  it('changes the signed-in user’s fields, and never another account’s', () => {
    queryClient.setQueryData(SESSION_QUERY_KEY, signedInUser);

    patchSessionUser(queryClient, { id: 'u1', displayUsername: 'sunny' });
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual({
      ...signedInUser,
      displayUsername: 'sunny',
    });

    patchSessionUser(queryClient, { id: 'u2', displayUsername: 'someone else' });
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toMatchObject({
      displayUsername: 'sunny',
    });
  });
});
