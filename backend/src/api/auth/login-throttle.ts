import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { CLOCK, type Clock } from '../../application/shared/clock';
import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig } from '../../config/config';
import { READ_STORE, type ReadStore } from '../../application/ports/read-store.port';

const WINDOW_MS = 15 * 60 * 1000;

/** Which counters an attempt counts against: the account (a hash, never the email) and the address. */
export interface ThrottleKeys {
  account: string;
  client: string;
}

/**
 * Failed sign-ins are limited per account and per client address in 15-minute windows.
 *
 * Each attempt first takes a slot on both counters atomically, before the password is looked
 * at, so parallel guesses cannot all read "no failures yet"; the slot is given back when the
 * attempt did not fail, so people signing in normally are never slowed.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async attempt<T>(
    keys: ThrottleKeys,
    response: Response,
    run: () => Promise<T>,
    isFailure: (error: unknown) => boolean,
  ): Promise<T> {
    const { window, windowEnds, now } = this.window();
    const expiresAt = new Date(windowEnds);
    const accountKey = this.key('account', keys.account, window);
    const clientKey = this.key('client', keys.client, window);
    const [account, client] = await Promise.all([
      this.readStore.increment(accountKey, expiresAt),
      this.readStore.increment(clientKey, expiresAt),
    ]);
    const giveBack = () =>
      Promise.all([
        this.readStore.increment(accountKey, expiresAt, -1),
        this.readStore.increment(clientKey, expiresAt, -1),
      ]);

    if (account > this.config.loginLimitPerAccount || client > this.config.loginLimitPerIp) {
      // Refused attempts are given back too: only real failures fill the window.
      await giveBack();
      const seconds = Math.ceil((windowEnds - now) / 1000);
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      response.setHeader('Retry-After', String(seconds));
      throw new HttpException(
        `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    try {
      const result = await run();
      await giveBack();
      return result;
    } catch (error) {
      if (!isFailure(error)) await giveBack();
      throw error;
    }
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
