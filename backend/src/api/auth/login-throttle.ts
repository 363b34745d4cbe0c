import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { CLOCK, type Clock } from '../../application/shared/clock';
import { APP_CONFIG } from '../../infrastructure/config/config.provider';
import type { AppConfig } from '../../infrastructure/config/config';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';

const WINDOW_MS = 15 * 60 * 1000;

/** Which counters an attempt counts against: the account (a hash, never the email) and the address. */
export interface ThrottleKeys {
  account: string;
  client: string;
}

/**
 * Failed sign-ins are limited per account and per client address in 15-minute windows. The
 * check comes before the password is even looked at, so a correct guess past the limit is
 * refused too; only failures count, so people signing in normally are never slowed.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async assertAllowed(keys: ThrottleKeys, response: Response): Promise<void> {
    const { window, windowEnds, now } = this.window();
    const [account, client] = await Promise.all([
      this.readStore.counter(this.key('account', keys.account, window)),
      this.readStore.counter(this.key('client', keys.client, window)),
    ]);
    if (account < this.config.loginLimitPerAccount && client < this.config.loginLimitPerIp) return;
    const seconds = Math.ceil((windowEnds - now) / 1000);
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    response.setHeader('Retry-After', String(seconds));
    throw new HttpException(
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }

  async recordFailure(keys: ThrottleKeys): Promise<void> {
    const { window, windowEnds } = this.window();
    const expiresAt = new Date(windowEnds);
    await Promise.all([
      this.readStore.increment(this.key('account', keys.account, window), expiresAt),
      this.readStore.increment(this.key('client', keys.client, window), expiresAt),
    ]);
  }

  private window() {
    const now = this.clock.now().getTime();
    const window = Math.floor(now / WINDOW_MS);
    return { now, window, windowEnds: (window + 1) * WINDOW_MS };
  }

  private key(kind: string, id: string, window: number): string {
    return `login-failures:${kind}:${id}:${window}`;
  }
}
