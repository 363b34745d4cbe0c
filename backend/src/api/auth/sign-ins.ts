import { Inject, Injectable } from '@nestjs/common';
import { type Command, CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { CLIENT_IDENTITY, type ClientIdentity } from '../shared/client-identity';
import { LoginThrottle } from './login-throttle';
import { SessionCookies, type SignInRoute } from './session-cookies';

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * What the user's and the admin's sign-in and sign-out routes share. Signing in runs the sign-in
 * command behind the login throttle (counted on the account's key and this address; only an
 * error of the command's `failure` class counts as a failed attempt) and sets the session
 * cookie of that kind; signing out ends the browser's session, when it has one, and clears the
 * cookie either way, so after it the browser is signed out whatever it was before. A password
 * asked again behind a session goes through the same throttle.
 */
@Injectable()
export class SignIns {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly throttle: LoginThrottle,
    private readonly cookies: SessionCookies,
    @Inject(CLIENT_IDENTITY) private readonly identity: ClientIdentity,
  ) {}

  async signIn<T extends { sessionToken: string }>(
    kind: SignInRoute,
    account: string,
    http: { request: Request; response: Response },
    command: Command<T>,
    failure: ErrorClass,
  ): Promise<T> {
    const keys = { account, client: this.identity.visitorKey(http.request) };
    const signedIn = await this.throttle.attempt(
      keys,
      { ...http, signIn: kind },
      () => this.commandBus.execute(command),
      (error) => error instanceof failure,
    );
    if (kind === 'user') this.cookies.setUser(http.response, signedIn.sessionToken);
    else this.cookies.setAdmin(http.response, signedIn.sessionToken);
    return signedIn;
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
