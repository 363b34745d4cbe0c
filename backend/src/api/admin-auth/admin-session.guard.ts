import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
} from '@nestjs/common';
import type { Request } from 'express';
import { AccountReads, type AdminSession } from '../../application/accounts/account-reads';
import { UnauthenticatedError } from '../../domain/shared/errors';
import { SessionCookies } from '../auth/session-cookies';

export const ADMIN_SIGN_IN_REQUIRED = 'Please sign in as an admin to continue.';

type WithAdminSession = Request & { adminSession?: AdminSession };

/**
 * The admin api's only door: a live admin session (`admin_sid`). A user session, even of a user
 * flagged isAdmin, does not open it.
 */
@Injectable()
export class AdminSessionGuard implements CanActivate {
  constructor(
    private readonly reads: AccountReads,
    private readonly cookies: SessionCookies,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<WithAdminSession>();
    const session = await this.reads.adminSession(this.cookies.readAdmin(request));
    if (!session) throw new UnauthenticatedError(ADMIN_SIGN_IN_REQUIRED);
    request.adminSession = session;
    return true;
  }
}

export const CurrentAdminSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AdminSession =>
    context.switchToHttp().getRequest<WithAdminSession>().adminSession!,
);
