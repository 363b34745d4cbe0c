import { applyDecorators, Delete, Get, Header, HttpCode, Post } from '@nestjs/common';
import type { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { UserSession } from '../../application/accounts/account-reads';
import type { ClientOrigin } from '../../application/accounts/client-marks';
import { SetLikeCommand } from '../../application/community/set-like/set-like.command';
import { GetLikedQuery } from '../../application/community/get-liked/get-liked.query';
import type { LikeTarget } from '../../domain/like/like.decider';
import { Refusals } from '../shared/openapi';
import { RepeatableWriteLimit } from '../shared/write-limits';
import { LikedResponse, LikeResponse } from './engagement.view';

/** Why liking or unliking a post or comment is refused. */
export const LIKE_REFUSALS = {
  401: 'Not signed in ("Please sign up to like …")',
  403: 'The email is not verified yet',
  404: 'No such post or comment',
  429: 'Too many likes from this account or address (Retry-After says when to try again)',
};

const RESOURCES = { post: 'posts', comment: 'comments' } as const;
const likePath = (target: LikeTarget) => `${RESOURCES[target]}/:id/like`;

/**
 * The routes of a post's or a comment's like, the same for both: `GET …/like` (whether the
 * viewer likes it), `POST …/like` and `DELETE …/like`. Each gives the route, its limits and its
 * documentation; the session a route needs is declared beside it in the controller.
 */
export const LikeRoutes = {
  liked: (target: LikeTarget) =>
    applyDecorators(
      Header('Cache-Control', 'no-store'),
      Get(likePath(target)),
      Refusals({ 404: `${capitalised(target)} not found (asked only with a session)` }),
      ApiOkResponse({ type: LikedResponse }),
      ApiOperation({ summary: `Whether the signed-in user likes the ${target}` }),
    ),
  set: (target: LikeTarget, liked: boolean) =>
    applyDecorators(
      ...(liked ? [HttpCode(200)] : []),
      RepeatableWriteLimit('likes'),
      liked ? Post(likePath(target)) : Delete(likePath(target)),
      Refusals(LIKE_REFUSALS),
      ApiOkResponse({ type: LikeResponse }),
      ApiOperation({
        summary: liked
          ? `Like a ${target} (again is a no-op)`
          : `Take back a like of a ${target} (again is a no-op)`,
      }),
    ),
};

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * POST and DELETE …/like of a post or a comment: the same rules and answer for both (`origin`:
 * where a post's like comes from, for the vote rules).
 */
export async function setLike(
  commandBus: CommandBus,
  session: UserSession,
  correlationId: string,
  target: LikeTarget,
  targetId: string,
  liked: boolean,
  origin: ClientOrigin | null = null,
): Promise<LikeResponse> {
  const { userId } = session;
  const outcome = await commandBus.execute(
    new SetLikeCommand(userId, target, targetId, liked, correlationId, origin),
  );
  return { success: true, ...outcome };
}

/** GET …/like: whether the signed-in user likes it; never, for a signed-out visitor. */
export async function likedBy(
  queryBus: QueryBus,
  session: UserSession | null,
  target: LikeTarget,
  targetId: string,
): Promise<LikedResponse> {
  if (!session) return { liked: false };
  return { liked: await queryBus.execute(new GetLikedQuery(target, targetId, session.userId)) };
}
