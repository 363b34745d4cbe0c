import { Inject, Injectable } from '@nestjs/common';
import { type Command, CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { newSecretToken } from '../../application/accounts/account-secrets';
import { RememberedBrowsers } from '../../application/accounts/remembered-browsers';
import { CLIENT_IDENTITY, type ClientIdentity } from '../shared/client-identity';
import { LoginThrottle } from './login-throttle';
import { SessionCookies, type SignInRoute } from './session-cookies';

type ErrorClass = abstract new (...args: never[]) => Error;

/** Accounts one browser is remembered for (the most recent ones). */
const REMEMBERED_ACCOUNTS_PER_BROWSER = 8;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/**
 * What the user's and the admin's sign-in and sign-out routes share. Only an error of the
 * command's `failure` class counts as a failed attempt; signing out clears the cookie even
 * without a session, so the browser ends signed out whatever it was before. Each sign-in route
 * remembers its browsers in a cookie kept to that route (`known_browser`: a random secret per
 * browser and account, only its sha256 recorded), which lets them pass the account's limits.
 */
@Injectable()
export class SignIns {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly throttle: LoginThrottle,
    private readonly cookies: SessionCookies,
    @Inject(CLIENT_IDENTITY) private readonly identity: ClientIdentity,
    private readonly rememberedBrowsers: RememberedBrowsers,
  ) {}

  /**
   * `account`: the throttle's key of the account and what the person typed to name it (the
   * email, the admin's username); `command` is given the sha256 of the new remembered-browser
   * secret to record, or null when this browser is remembered for the account already.
   */
  async signIn<T extends { sessionToken: string }>(
    kind: SignInRoute,
    account: { counterKey: string; identifier: string },
    http: { request: Request; response: Response },
    command: (rememberedBrowserHash: string | null) => Command<T>,
    failure: ErrorClass,
  ): Promise<T> {
    const keys = { account: account.counterKey, client: this.identity.visitorKey(http.request) };
    const secrets = this.presentedSecrets(http.request);
    const remembered = await this.rememberedBrowsers.recognised(kind, account.identifier, secrets);
    const fresh = remembered ? null : newSecretToken();
    const signedIn = await this.throttle.attempt(
      keys,
      { ...http, remembered: remembered !== null },
      () => this.commandBus.execute(command(fresh?.tokenHash ?? null)),
      (error) => error instanceof failure,
    );
    if (kind === 'user') this.cookies.setUser(http.response, signedIn.sessionToken);
    else this.cookies.setAdmin(http.response, signedIn.sessionToken);
    const secret = remembered ?? (fresh as { token: string }).token;
    const kept = [secret, ...secrets.filter((other) => other !== secret)];
    this.cookies.setKnownBrowser(
      http.response,
      kind,
      kept.slice(0, REMEMBERED_ACCOUNTS_PER_BROWSER).join('.'),
    );
    return signedIn;
  }

  private presentedSecrets(request: Request): string[] {
    const value = this.cookies.readKnownBrowser(request);
    const secrets = value ? value.split('.').filter((secret) => SECRET.test(secret)) : [];
    return [...new Set(secrets)].slice(0, REMEMBERED_ACCOUNTS_PER_BROWSER);
  }

  /**
   * A password asked again behind a session (changing it, erasing the account): guessing it from
   * a stolen session is limited like guessing a sign-in; only a `failure` counts.
   */
  passwordAgain<T>(
    userId: string,
    http: { request: Request; response: Response },
    command: Command<T>,
    failure: ErrorClass,
  ): Promise<T> {
    return this.throttle.sessionPassword(
      userId,
      http,
      () => this.commandBus.execute(command),
      (error) => error instanceof failure,
    );
  }

  async signOut(
    kind: SignInRoute,
    response: Response,
    endSession: Command<void> | null,
  ): Promise<{ success: true }> {
    if (endSession) await this.commandBus.execute(endSession);
    if (kind === 'user') this.cookies.clearUser(response);
    else this.cookies.clearAdmin(response);
    return { success: true };
  }
}
