import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import {
  HOUR_MS,
  inMinutes,
  RATE_LIMITER,
  type RateLimiter,
  withinLimits,
} from '../../application/ports/rate-limiter.port';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.provider';
import { CLIENT_IDENTITY, type ClientIdentity } from '../shared/client-identity';

/** What asks a visitor's address for a memory-hard password hash, each counted apart. */
export type PasswordHashUse = 'register' | 'verify-password' | 'reset-password';

/**
 * The password hashes an address may ask for: each use (a sign-up, a password chosen at
 * verification, a reset) up to `REGISTRATION_LIMIT_PER_HOUR` an hour. Past it: 429 with
 * Retry-After, the message `tooMany` and when to try again.
 */
@Injectable()
export class PasswordHashAllowance {
  constructor(
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CLIENT_IDENTITY) private readonly identity: ClientIdentity,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'registrationLimitPerHour'>,
  ) {}

  async spend(use: PasswordHashUse, request: Request, tooMany: string): Promise<void> {
    await withinLimits(
      this.limiter,
      [
        {
          key: `${use}:${this.identity.visitorKey(request)}`,
          limit: this.config.registrationLimitPerHour,
          windowMs: HOUR_MS,
        },
      ],
      (retryAfterMs) => `${tooMany} Please try again ${inMinutes(retryAfterMs)}.`,
    );
  }
}
