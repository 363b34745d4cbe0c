import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
} from '@nestjs/common';
import type { Request } from 'express';
import { AccountReads, type UserSession } from '../../application/accounts/account-reads';
import { UnauthenticatedError } from '../../domain/shared/errors';
import { SessionCookies } from './session-cookies';

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';

type WithUserSession = Request & { userSession?: UserSession };

/**
 * Lets a request through with a live user session (the `sid` cookie) and hands the session to
 * the handler. The admin cookie means nothing here: an admin session never acts as a user.
 */
@Injectable()
export class UserSessionGuard implements CanActivate {
  constructor(
    private readonly reads: AccountReads,
    private readonly cookies: SessionCookies,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<WithUserSession>();
    const session = await this.reads.userSession(this.cookies.readUser(request));
    if (!session) throw new UnauthenticatedError(SIGN_IN_REQUIRED);
    request.userSession = session;
    return true;
  }
}

/** The session UserSessionGuard let through. */
export const CurrentUserSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext): UserSession =>
    context.switchToHttp().getRequest<WithUserSession>().userSession!,
);

/**
 * Lets every request through and hands the handler the user session when there is a live one
 * (null otherwise): for routes that anyone may call but that answer the signed-in user more.
 */
@Injectable()
export class OptionalUserSessionGuard implements CanActivate {
  constructor(
    private readonly reads: AccountReads,
    private readonly cookies: SessionCookies,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<WithUserSession>();
    request.userSession =
      (await this.reads.userSession(this.cookies.readUser(request))) ?? undefined;
    return true;
  }
}

/** The session OptionalUserSessionGuard found, or null. */
export const OptionalSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext): UserSession | null =>
    context.switchToHttp().getRequest<WithUserSession>().userSession ?? null,
);
