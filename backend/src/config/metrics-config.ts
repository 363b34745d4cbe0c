import { createHash, timingSafeEqual } from 'node:crypto';

/** Shortest `METRICS_TOKEN` accepted: 32 characters, e.g. `openssl rand -hex 16` or longer. */
const METRICS_TOKEN_MIN_LENGTH = 32;
const METRICS_TOKEN_MAX_LENGTH = 512;

/**
 * `METRICS_TOKEN`: the bearer token `GET /metrics` asks for (docs/operations.md#metrics). Unset,
 * the route does not exist (404), in every environment, production included: metrics are
 * optional. Set, it must be hard to guess (at least 32 characters) and fit in a header (visible
 * ASCII, no spaces), whatever the environment, so a token that works in development works as is
 * in production.
 */
export function metricsToken(raw: string | undefined, problems: string[]): string | null {
  if (raw === undefined) return null;
  if (!/^[\x21-\x7e]+$/.test(raw)) {
    problems.push('METRICS_TOKEN must be visible ASCII characters without spaces');
    return null;
  }
  if (raw.length < METRICS_TOKEN_MIN_LENGTH || raw.length > METRICS_TOKEN_MAX_LENGTH) {
    problems.push(
      `METRICS_TOKEN must be ${METRICS_TOKEN_MIN_LENGTH} to ${METRICS_TOKEN_MAX_LENGTH} characters long (got ${raw.length})`,
    );
    return null;
  }
  return raw;
}

/**
 * Whether an `Authorization` header carries `Bearer <token>` for the configured token (never,
 * when none is configured). Compared in constant time over fixed-length digests, so not even
 * the token's length leaks.
 */
export function bearsMetricsToken(
  authorization: string | undefined,
  token: string | null,
): boolean {
  if (token === null) return false;
  const presented = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
