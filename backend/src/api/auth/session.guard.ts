import {
  applyDecorators,
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import {
  AccountReads,
  type AdminSession,
  type UserSession,
} from '../../application/accounts/account-reads';
import { ForbiddenError, UnauthenticatedError } from '../../domain/shared/errors';
import {
  AdminSessionOptional,
  AdminSessionRequired,
  UserSessionOptional,
  UserSessionRequired,
} from '../shared/openapi';
import { type MemberAction, SIGNED_OUT_MESSAGES, VERIFY_EMAIL_FIRST } from './member-actions';
import { SessionCookies } from './session-cookies';

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const ADMIN_SIGN_IN_REQUIRED = 'Please sign in as an admin to continue.';

/**
 * What a route asks of the session, declared on the route (or its controller) by one of the
 * decorators below: which cookie it reads (`sid` for a user, `admin_sid` for an admin) and how
 * much must be behind it. A verified member's action may depend on the request body as sent
 * (a comment and a reply share a route but not a message).
 */
export type SessionRequirement =
  | { kind: 'user' | 'admin'; need: 'optional' }
  | { kind: 'user' | 'admin'; need: 'signed-in'; message: string }
  | { kind: 'user'; need: 'verified'; signedOut: SignedOutMessage };

/** What a signed-out request is told: fixed, or read from the body as sent. */
type SignedOutMessage = string | ((body: Record<string, unknown>) => string);

export type MemberActionOf = (body: Record<string, unknown>) => MemberAction;

const SESSION_REQUIREMENT = 'session-requirement';

type WithSession = Request & {
  /** Read by the guards that run after this one (write limits count per account). */
  userSession?: UserSession;
  adminSession?: AdminSession;
  signedInAs?: UserSession | AdminSession | null;
};

/**
 * The one session mechanism: finds the session a route's requirement names and refuses the
 * request when the requirement is not met, before any other guard counts it and before a pipe
 * reads the body. Registered once for the whole api (so it runs first, whatever order a route's
 * decorators are written in); a route that declares no requirement is left alone.
 */
@Injectable()
export class SessionCheck {
  constructor(
    private readonly reads: AccountReads,
    private readonly cookies: SessionCookies,
  ) {}

  async admit(request: WithSession, requirement: SessionRequirement): Promise<void> {
    const session = await this.find(request, requirement.kind);
    request.signedInAs = session;
    if (requirement.need === 'signed-in' && !session) {
      throw new UnauthenticatedError(requirement.message);
    }
    if (requirement.need === 'verified') {
      const { signedOut } = requirement;
      if (!session) {
        throw new UnauthenticatedError(
          typeof signedOut === 'function' ? signedOut(bodyOf(request)) : signedOut,
        );
      }
      if (!(session as UserSession).user.emailVerified) {
        throw new ForbiddenError(VERIFY_EMAIL_FIRST);
      }
    }
  }

  private async find(
    request: WithSession,
    kind: SessionRequirement['kind'],
  ): Promise<UserSession | AdminSession | null> {
    if (kind === 'admin') {
      const session = await this.reads.adminSession(this.cookies.readAdmin(request));
      request.adminSession = session ?? undefined;
      return session;
    }
    const session = await this.reads.userSession(this.cookies.readUser(request));
    request.userSession = session ?? undefined;
    return session;
  }
}

function bodyOf(request: Request): Record<string, unknown> {
  const body: unknown = request.body;
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

/** The session requirement the route (or else its controller) declares, if any. */
export function sessionRequirementOf(
  reflector: Reflector,
  context: ExecutionContext,
): SessionRequirement | undefined {
  return reflector.getAllAndOverride<SessionRequirement | undefined>(SESSION_REQUIREMENT, [
    context.getHandler(),
    context.getClass(),
  ]);
}

/** The api-wide guard: applies the requirement the route (or else its controller) declares. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly check: SessionCheck,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const requirement = sessionRequirementOf(this.reflector, context);
    if (requirement) await this.check.admit(context.switchToHttp().getRequest(), requirement);
    return true;
  }
}

const ADMIN_REQUIREMENT: SessionRequirement = {
  kind: 'admin',
  need: 'signed-in',
  message: ADMIN_SIGN_IN_REQUIRED,
};

function requires(requirement: SessionRequirement, documented: MethodDecorator & ClassDecorator) {
  return applyDecorators(SetMetadata(SESSION_REQUIREMENT, requirement), documented);
}

/** Anyone may call the route; with a user session (`sid`) it knows who asks. */
export const OptionalUserSession = () =>
  requires({ kind: 'user', need: 'optional' }, UserSessionOptional());

/** The route needs a user session; without one it answers 401 with `message`. */
export const SignedIn = (message = SIGN_IN_REQUIRED) =>
  requires({ kind: 'user', need: 'signed-in', message }, UserSessionRequired());

/**
 * The route needs a user session of a verified email (spec §6: a registered user's own posts
 * and profile): signed out it answers 401 with `signedOut`, not verified yet 403. An account
 * whose address nobody has proved yet leaves no name, bio, picture or direct post for the
 * address's owner to find when they claim it.
 */
export const VerifiedAccount = (signedOut: SignedOutMessage = SIGN_IN_REQUIRED) =>
  requires({ kind: 'user', need: 'verified', signedOut }, UserSessionRequired());

/**
 * The route is a member's `action` (spec §6): signed out it answers 401 with the action's own
 * message ("Please sign up to …"), signed in without a verified email 403.
 */
export const VerifiedMember = (action: MemberAction | MemberActionOf) =>
  VerifiedAccount(
    typeof action === 'function'
      ? (body) => SIGNED_OUT_MESSAGES[action(body)]
      : SIGNED_OUT_MESSAGES[action],
  );

/** The route needs an admin session (`admin_sid`); a user session does not open it. */
export const AdminSignedIn = () => requires(ADMIN_REQUIREMENT, AdminSessionRequired());

/** Anyone may call the route; with an admin session it knows which admin asks. */
export const OptionalAdminSession = () =>
  requires({ kind: 'admin', need: 'optional' }, AdminSessionOptional());

/**
 * The session the route's requirement found: a `UserSession` or an `AdminSession` (as the
 * requirement's kind says), null where a user session is optional and there is none.
 */
export const CurrentSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<WithSession>().signedInAs ?? null,
);
