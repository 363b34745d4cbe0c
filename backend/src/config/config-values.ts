/** Checks of the configuration values that need more than a pattern. */

const URL_PATH_SEGMENT = /^[A-Za-z0-9._~-]+$/;
/**
 * First segments the admin sign-in path may not use: the server's own prefixes and the SPA's
 * routes, so the hidden page can never shadow (or be shadowed by) anything else.
 */
const RESERVED_FIRST_SEGMENTS = [
  'api',
  'uploads',
  'rtm-sys',
  'assets',
  'index.html',
  'favicon.svg',
  'leaderboard',
  'boost',
  'checkout',
  'receipts',
  'post',
  'user',
  'my-posts',
  'login',
  'register',
  'verify-email',
  'forgot-password',
  'reset-password',
  'account',
  'profile',
  'termsofservice',
  'privacypolicy',
];

/** Why a value cannot be the admin sign-in path, or null when it can. */
export function adminLoginPathProblem(path: string): string | null {
  if (!path.startsWith('/')) return "must start with '/'";
  const segments = path.replace(/\/+$/, '').split('/').slice(1);
  if (segments.length === 0 || segments[0] === '') return "must name a path below '/'";
  if (segments.some((s) => !URL_PATH_SEGMENT.test(s) || /^\.+$/.test(s))) {
    return "may only contain letters, numbers and . _ ~ - between '/'";
  }
  if (RESERVED_FIRST_SEGMENTS.includes(segments[0]!.toLowerCase())) {
    return `may not be under /${segments[0]}, which the app itself uses`;
  }
  return null;
}

/**
 * Which peers may set X-Forwarded-For. `true` is refused: it would let any client choose its
 * address and walk past every per-address limit. So is any subnet with a /0 prefix
 * (`0.0.0.0/0`, `::/0`), which is `true` written as an address.
 */
export function trustProxy(raw: string | undefined, problems: string[]): false | number | string[] {
  if (raw === undefined || ['false', '0', 'no'].includes(raw.toLowerCase())) return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops <= 10) return hops;
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const named = ['loopback', 'linklocal', 'uniquelocal'];
  const address = /^[0-9a-f.:]+(\/\d{1,3})?$/i;
  if (entries.length > 0 && entries.every((e) => named.includes(e) || address.test(e))) {
    const everyone = entries.filter((e) => /\/0+$/.test(e));
    if (everyone.length > 0) {
      problems.push(
        `TRUST_PROXY may not trust every address (${everyone.join(', ')}): like true, it would let any client choose its address. Name the proxies' own addresses or their number of hops`,
      );
      return false;
    }
    return entries;
  }
  problems.push(
    `TRUST_PROXY must be false, the number of proxies in front of the app (1 to 10), or their addresses (e.g. "loopback, 10.0.0.0/8"); got "${raw}"`,
  );
  return false;
}
