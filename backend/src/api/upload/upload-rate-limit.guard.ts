import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import {
  HOUR_MS,
  inMinutes,
  RATE_LIMITER,
  type RateLimiter,
  withinLimits,
} from '../../application/ports/rate-limiter.port';
import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig } from '../../config/config';
import { CLIENT_IDENTITY, type ClientIdentity } from '../shared/client-identity';

/**
 * Uploads cost real money (the AI rater) and disk, so each address gets a number of them per
 * clock hour. Runs before the body is read, so a refused upload is not even received.
 */
@Injectable()
export class UploadRateLimitGuard implements CanActivate {
  constructor(
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CLIENT_IDENTITY) private readonly identity: ClientIdentity,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const limit = this.config.uploadLimitPerHour;
    await withinLimits(
      this.limiter,
      [{ key: `upload:${this.identity.visitorKey(request)}`, limit, windowMs: HOUR_MS }],
      (retryAfterMs) =>
        `You have reached the limit of ${limit} photos an hour. Please try again ${inMinutes(retryAfterMs)}.`,
    );
    return true;
  }
}
