import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';
import type { Actor } from '../../domain/shared/event';

export const CLIENT_IDENTITY = Symbol('ClientIdentity');

/** Addresses whose visitor key is kept (a few hundred kilobytes at most). */
const KEPT_VISITOR_KEYS = 4096;

/**
 * A visitor is known by a keyed hash of their address: enough to rate-limit and to tie an
 * upload to a later publish, without keeping the address itself in the log.
 */
export class ClientIdentity {
  /**
   * The keys of the addresses seen last (every write a member repeats asks for its key): at
   * most `KEPT_VISITOR_KEYS`, forgotten all at once when full.
   */
  private readonly visitorKeys = new Map<string, string>();

  constructor(
    private readonly secret: string,
    private readonly ipv6Prefix = DEFAULT_IPV6_PREFIX,
  ) {}

  /** The visitor's network: an IPv4 address, or an IPv6 client's prefix (one subscriber's). */
  visitorKey(request: Request): string {
    const address = request.ip ?? request.socket.remoteAddress ?? 'unknown';
    let key = this.visitorKeys.get(address);
    if (key === undefined) {
      key = createHmac('sha256', this.secret)
        .update(clientNetwork(address, this.ipv6Prefix))
        .digest('hex')
        .slice(0, 24);
      if (this.visitorKeys.size >= KEPT_VISITOR_KEYS) this.visitorKeys.clear();
      this.visitorKeys.set(address, key);
    }
    return key;
  }

  /** A keyed mark of `value` (a cookie that proves this server issued it for that value). */
  mark(value: string): string {
    return createHmac('sha256', this.secret).update(value).digest('base64url').slice(0, 22);
  }

  /** The request's network as the vote rules see it (see `voteNetwork`). */
  network(request: Request): string | null {
    return voteNetwork(request.ip ?? request.socket.remoteAddress ?? 'unknown', this.ipv6Prefix);
  }

  visitor(request: Request): Actor {
    return { type: 'visitor', id: this.visitorKey(request) };
  }
}

/** Leading bits of an IPv6 address that make one client, unless configured (`IPV6_CLIENT_PREFIX`). */
export const DEFAULT_IPV6_PREFIX = 56;

/**
 * The network the vote rules compare (`docs/trust-and-safety`): an IPv4 address's /24, an IPv6
 * address's client prefix. Only a keyed mark of it is kept.
 */
export function voteNetwork(address: string, ipv6Prefix = DEFAULT_IPV6_PREFIX): string | null {
  const network = clientNetwork(address, ipv6Prefix);
  // The machine itself (the embedded default's browser, a local check) is no one's network.
  const loopback = clientNetwork('::1', ipv6Prefix);
  if (/^127\./.test(network) || network === loopback || network === 'unknown') return null;
  if (!isIPv4(network)) return network;
  return `${network.split('.').slice(0, 3).join('.')}.0/24`;
}

/**
 * What a rate limit counts for an address: IPv4 as it is (an IPv4-mapped IPv6 address is
 * IPv4), IPv6 by its first `ipv6Prefix` bits (a /56 unless configured), the block one
 * subscriber gets, so rotating through it buys nothing.
 */
export function clientNetwork(address: string, ipv6Prefix = DEFAULT_IPV6_PREFIX): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIPv4(address)) return address;
  const bare = address.split('%')[0];
  if (!isIPv6(bare)) return address;
  const [head, tail = ''] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = bare.includes('::') && tail ? tail.split(':') : [];
  const groups = bare.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  const kept = groups.slice(0, Math.ceil(ipv6Prefix / 16)).map((group, i) => {
    const bits = Math.min(16, ipv6Prefix - i * 16);
    return ((parseInt(group, 16) >> (16 - bits)) << (16 - bits)).toString(16);
  });
  return `${kept.join(':')}::/${ipv6Prefix}`;
}
