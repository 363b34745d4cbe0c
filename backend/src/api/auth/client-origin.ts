import type { Request } from 'express';
import type { ClientOrigin } from '../../application/accounts/client-marks';
import type { ClientIdentity } from '../shared/client-identity';
import type { SessionCookies } from './session-cookies';

/**
 * Where a publish or a vote comes from, for the vote rules: the request's network and the
 * browser's `browser_id` cookie, as it has it (none is made here). Only keyed marks are kept.
 */
export function clientOrigin(
  request: Request,
  identity: ClientIdentity,
  cookies: SessionCookies,
): ClientOrigin {
  return { network: identity.network(request), browser: cookies.readBrowserId(request) };
}
