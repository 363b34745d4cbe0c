import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';

import type { User } from '../types';
import { sessionQueryOptions } from './get-session';

/**
 * For a route's `beforeLoad`: signed-out visitors of a signed-in-only page go to /login, which
 * brings them back afterwards. The session is the one checked at start (spec §4).
 */
export async function requireSignedInUser(
  queryClient: QueryClient,
  currentHref: string,
): Promise<User> {
  const user = await queryClient.ensureQueryData(sessionQueryOptions());
  if (!user) throw redirect({ to: '/login', search: { redirect: currentHref }, replace: true });
  return user;
}
