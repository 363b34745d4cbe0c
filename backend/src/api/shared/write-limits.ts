import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { UserSession } from '../../application/accounts/account-reads';
import {
  HOUR_MS,
  inMinutes,
  type Limit,
  RATE_LIMITER,
  RateLimitedError,
  type RateLimiter,
} from '../../application/ports/rate-limiter.port';
import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig, RepeatableWrite } from '../../config/config';
import { CLIENT_IDENTITY, type ClientIdentity } from './client-identity';

const MINUTE_MS = 60_000;
const WRITE_KIND = 'repeatable-write';

/** What the 429's message calls each kind of write ("Too many comments. …"). */
const WHAT: Record<RepeatableWrite, string> = {
  comments: 'comments',
  likes: 'likes',
  ratings: 'ratings',
  reports: 'reports',
  profile: 'profile changes',
  boostApply: 'boost requests',
  checkoutConfirm: 'payment checks',
};

/** Writes that need a session: without one the route answers 401 and nothing is counted. */
const SIGNED_IN_ONLY: ReadonlySet<RepeatableWrite> = new Set([
  'comments',
  'likes',
  'ratings',
  'reports',
  'profile',
  'boostApply',
]);

/**
 * A route whose write a member can repeat: each use counts against the account's limits and
 * its address's (per minute and per clock hour, `writeLimits` in the configuration), before the
 * body is read. Put it after the guard that reads the session.
 */
export function RepeatableWriteLimit(kind: RepeatableWrite) {
  return applyDecorators(SetMetadata(WRITE_KIND, kind), UseGuards(RepeatableWriteGuard));
}

/**
 * Counts through the one rate limiter; past a limit it answers 429 "Too many comments. Please
 * try again in 3 minutes." with `Retry-After`. A refused use is given back, so hammering a
 * limit does not also use up the rest of the hour (nor the hour of everyone behind the same
 * address).
 */
@Injectable()
export class RepeatableWriteGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CLIENT_IDENTITY) private readonly identity: ClientIdentity,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const kind = this.reflector.get<RepeatableWrite | undefined>(WRITE_KIND, context.getHandler());
    if (!kind) return true;
    const request = context.switchToHttp().getRequest<Request & { userSession?: UserSession }>();
    const userId = request.userSession?.userId;
    if (!userId && SIGNED_IN_ONLY.has(kind)) return true;
    const limits = writeLimits(
      kind,
      this.config,
      userId ?? null,
      this.identity.visitorKey(request),
    );
    const counted = await this.limiter.count(limits);
    if (!counted.allowed) {
      await counted.giveBack();
      throw new RateLimitedError(
        `Too many ${WHAT[kind]}. Please try again ${inMinutes(counted.retryAfterMs)}.`,
        counted.retryAfterMs,
      );
    }
    return true;
  }
}

/** The limits one use of `kind` counts against: the account's (when signed in) and the address's. */
export function writeLimits(
  kind: RepeatableWrite,
  config: Pick<AppConfig, 'writeLimits' | 'addressLimitFactor'>,
  userId: string | null,
  addressKey: string,
): Limit[] {
  const { perMinute, perHour } = config.writeLimits[kind];
  const factor = config.addressLimitFactor;
  return [
    ...(userId
      ? [
          { key: `write:${kind}:user:${userId}:m`, limit: perMinute, windowMs: MINUTE_MS },
          { key: `write:${kind}:user:${userId}:h`, limit: perHour, windowMs: HOUR_MS },
        ]
      : []),
    { key: `write:${kind}:ip:${addressKey}:m`, limit: perMinute * factor, windowMs: MINUTE_MS },
    { key: `write:${kind}:ip:${addressKey}:h`, limit: perHour * factor, windowMs: HOUR_MS },
  ];
}
