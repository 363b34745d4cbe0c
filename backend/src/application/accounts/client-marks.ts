import type { VoteOrigin } from '../../domain/post-rating/vote-standing';
import type { ClientMarks } from '../../domain/user/user.commands';
import type { KeyedHasher } from '../ports/keyed-hasher.port';

/**
 * Where a registration, a sign-in, a post or a vote comes from, as the api hands it over: the client's network
 * (an IPv4 /24 such as `203.0.113.0/24`, an IPv6 /56 by default) and the random browser cookie, if any.
 * Only keyed marks of them are kept (`clientMarks`), never the values.
 */
export interface ClientOrigin {
  /** Null for the machine itself (loopback): no one's network. */
  network: string | null;
  browser: string | null;
}

/** Keyed marks (hex, 128 bits) for the vote rules; the network's also names its stream. */
export function clientMarks(hasher: KeyedHasher, origin: ClientOrigin | null): ClientMarks | null {
  if (!origin?.network) return null;
  return {
    network: hasher.hash('vote-network', origin.network).slice(0, 32),
    browser: origin.browser ? hasher.hash('vote-browser', origin.browser).slice(0, 32) : null,
  };
}

/**
 * Keyed marks of where a vote or a post comes from, each on its own: a browser cookie is marked
 * even from the machine itself (no network), the same marks `clientMarks` gives a session.
 */
export function originMarks(hasher: KeyedHasher, origin: ClientOrigin | null): VoteOrigin {
  return {
    network: origin?.network ? hasher.hash('vote-network', origin.network).slice(0, 32) : null,
    browser: origin?.browser ? hasher.hash('vote-browser', origin.browser).slice(0, 32) : null,
  };
}
