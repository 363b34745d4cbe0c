import type { CommandBus, QueryBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { UserSession } from '../../application/accounts/account-reads';
import { SetLikeCommand } from '../../application/community/community.commands';
import { GetLikedQuery } from '../../application/community/community.queries';
import type { LikeTarget } from '../../domain/like/like.decider';
import type { LikedResponse, LikeResponse } from './engagement.view';

/** Why liking or unliking a post or comment is refused. */
export const LIKE_REFUSALS = {
  401: 'Not signed in ("Please sign up to like …")',
  403: 'The email is not verified yet',
  404: 'No such post or comment',
  429: 'Too many likes from this account or address (Retry-After says when to try again)',
};

/** POST and DELETE …/like of a post or a comment: the same rules and answer for both. */
export async function setLike(
  commandBus: CommandBus,
  session: UserSession,
  target: LikeTarget,
  targetId: string,
  liked: boolean,
): Promise<LikeResponse> {
  const { userId } = session;
  const outcome = await commandBus.execute(
    new SetLikeCommand(userId, target, targetId, liked, randomUUID()),
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
