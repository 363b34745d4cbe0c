import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  inMinutes,
  type Limit,
  RATE_LIMITER,
  RateLimitedError,
  type RateLimiter,
} from '../../application/ports/rate-limiter.port';
import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig } from '../../config/config';
import { nameKey } from '../../domain/user/user-profile';
import { CLIENT_IDENTITY, type ClientIdentity } from '../shared/client-identity';

const WINDOW_MS = 15 * 60 * 1000;
/** Failures on one account from every address together, before the account itself is slowed. */
const ACCOUNT_WIDE_FACTOR = 10;

/** An admin's counters, by its username as the sign-in form takes it (in any case). */
export function adminThrottleAccount(username: string): string {
  return `admin:${nameKey(username)}`;
}

/** Which counters an attempt counts against: the account (a hash, never the email) and the address. */
export interface ThrottleKeys {
  account: string;
  client: string;
}

/**
 * Failed sign-ins are limited in 15-minute windows per account and address, per address, and per
 * account from every address (much higher), so a stranger failing on an account slows only
 * themselves; a browser the account remembers (`SignIns`) passes the account's limits, except for
 * a password asked again. Each attempt takes a slot on every counter atomically before the
 * password is checked, so parallel guesses cannot all read "no failures yet"; success returns it.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CLIENT_IDENTITY) private readonly identity: ClientIdentity,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async attempt<T>(
    keys: ThrottleKeys,
    /** `remembered`: a sign-in from a browser remembered for the account passes its limits. */
    http: { request: Request; response: Response; remembered?: boolean; sessionId?: string },
    run: () => Promise<T>,
    isFailure: (error: unknown) => boolean,
  ): Promise<T> {
    const limits: Limit[] = [
      {
        key: `login-failures:client:${keys.client}`,
        limit: this.config.loginLimitPerIp,
        windowMs: WINDOW_MS,
      },
    ];
    if (http.remembered !== true) {
      limits.push(
        {
          key: `login-failures:pair:${keys.account}:${keys.client}`,
          limit: this.config.loginLimitPerAccount,
          windowMs: WINDOW_MS,
        },
        // A password asked again behind a session is counted per session (from every address,
        // as high as the account's) instead of against the account from every address:
        // strangers who spent the latter cannot stop it.
        http.sessionId
          ? {
              key: `login-failures:session:${http.sessionId}`,
              limit: this.config.loginLimitPerAccount * ACCOUNT_WIDE_FACTOR,
              windowMs: WINDOW_MS,
            }
          : {
              key: `login-failures:account:${keys.account}`,
              limit: this.config.loginLimitPerAccount * ACCOUNT_WIDE_FACTOR,
              windowMs: WINDOW_MS,
            },
      );
    }
    const counted = await this.limiter.count(limits);
    if (!counted.allowed) {
      // Refused attempts are given back too: only real failures fill the window.
      await counted.giveBack();
      throw new RateLimitedError(
        `Too many failed sign-in attempts. Please try again ${inMinutes(counted.retryAfterMs)}.`,
        counted.retryAfterMs,
      );
    }
    try {
      const result = await run();
      await counted.giveBack();
      return result;
    } catch (error) {
      if (!isFailure(error)) await counted.giveBack();
      throw error;
    }
  }

  /**
   * A password asked again behind a signed-in session (changing it, erasing the account):
   * guessing it from a stolen session is limited like guessing a sign-in.
   */
  sessionPassword<T>(
    userId: string,
    http: { request: Request; response: Response },
    run: () => Promise<T>,
    isFailure: (error: unknown) => boolean,
  ): Promise<T> {
    const keys = { account: `user:${userId}`, client: this.identity.visitorKey(http.request) };
    return this.attempt(keys, http, run, isFailure);
  }

  /**
   * The acting admin's password asked again: counted on that admin's sign-in counters of this
   * address and on the session's own, so a stolen admin session cannot guess faster than a
   * sign-in, and never let through by a remembered browser. Not on the admin's counter from every
   * address: strangers filling it must not stop a signed-in admin from disabling a rogue admin.
   */
  adminSessionPassword<T>(
    session: { username: string; sessionId: string },
    http: { request: Request; response: Response },
    run: () => Promise<T>,
    isFailure: (error: unknown) => boolean,
  ): Promise<T> {
    const keys = {
      account: adminThrottleAccount(session.username),
      client: this.identity.visitorKey(http.request),
    };
    return this.attempt(keys, { ...http, sessionId: session.sessionId }, run, isFailure);
  }
}
