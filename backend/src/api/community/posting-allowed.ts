import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { UserSession } from '../../application/accounts/account-reads';
import { GetPostingSuspensionQuery } from '../../application/community/get-posting-suspension/get-posting-suspension.query';
import { PostingSuspendedError } from '../../domain/user/strikes.decider';

/**
 * Refuses the route's write (403, saying until when) while the signed-in account is suspended
 * from posting after its strikes. Runs after the session requirement, before the body is used.
 */
@Injectable()
export class PostingAllowedGuard implements CanActivate {
  constructor(private readonly queryBus: QueryBus) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const session = context.switchToHttp().getRequest<{ signedInAs?: UserSession }>().signedInAs;
    if (!session?.userId) return true;
    const { suspendedUntil } = await this.queryBus.execute(
      new GetPostingSuspensionQuery(session.userId),
    );
    if (suspendedUntil !== null) throw new PostingSuspendedError(suspendedUntil);
    return true;
  }
}

/** A write a posting suspension stops: publishing, commenting, rating. */
export const PostingAllowed = () => applyDecorators(UseGuards(PostingAllowedGuard));

/** What the route's 403 may also mean. */
export const POSTING_SUSPENDED_REFUSAL =
  'The account is suspended from posting, commenting and rating after its strikes (the message says until when)';
