import type { QueryClient } from '@tanstack/react-query';

import type { User } from '../types';
import { SESSION_QUERY_KEY, sessionQueryOptions } from './get-session';

const isSessionQuery = (queryKey: readonly unknown[]) => queryKey[0] === SESSION_QUERY_KEY[0];

/**
 * Spec §4: after login, registration, verification or a refresh the signed-in user is set and
 * all other cached server data is invalidated (it may depend on who is asking).
 */
export function setSignedInUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
  void invalidateAllButSession(queryClient);
}

function invalidateAllButSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
}

/**
 * The same user with changed fields (preferences, profile) as the server answered them:
 * nothing else needs refetching.
 */
export function patchSessionUser(queryClient: QueryClient, changes: Partial<User>): void {
  queryClient.setQueryData<User | null>(SESSION_QUERY_KEY, (current) =>
    current && (changes.id === undefined || changes.id === current.id)
      ? { ...current, ...changes }
      : current,
  );
}

/**
 * Spec §4: on logout all cached data is cleared. The session entry is set to null rather than
 * removed so mounted observers switch to "signed out" at once.
 */
export function clearSession(queryClient: QueryClient): void {
  void queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
}

/**
 * Spec §4 "refresh": asks the server who is signed in and applies the answer, e.g. after a
 * change the client cannot see in a response (a new picture, a password reset).
 */
export async function refreshSession(queryClient: QueryClient): Promise<User | null> {
  const user = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
  // fetchQuery has stored the user already; wait for the rest so a caller that awaits the
  // refresh (a new picture) shows the new data, not the old one for a moment.
  if (user) await invalidateAllButSession(queryClient);
  else clearSession(queryClient);
  return user;
}

/** A JSON body that is a user (has an id and an email), or null. */
export function asUser(body: unknown): User | null {
  if (!body || typeof body !== 'object') return null;
  const { id, email } = body as Partial<User>;
  return typeof id === 'string' && id && typeof email === 'string' ? (body as User) : null;
}
