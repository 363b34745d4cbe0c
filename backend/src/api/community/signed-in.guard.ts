import { type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { UserSession } from '../../application/accounts/account-reads';
import { UnauthenticatedError } from '../../domain/shared/errors';

/**
 * After OptionalUserSessionGuard: refuses a request without a session with the route's own
 * message, before any later guard counts it or the body is read.
 */
export class SignedInGuard implements CanActivate {
  constructor(private readonly message: string) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request & { userSession?: UserSession }>();
    if (!request.userSession) throw new UnauthenticatedError(this.message);
    return true;
  }
}
