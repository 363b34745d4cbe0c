import type { CommandBus, QueryBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { UserSession } from '../../application/accounts/account-reads';
import { type LikeOutcome, SetLikeCommand } from '../../application/community/community.commands';
import { GetLikedQuery } from '../../application/community/community.queries';
import type { LikeTarget } from '../../domain/like/like.decider';
import { verifiedMember } from './member-access';

/** POST and DELETE …/like of a post or a comment: the same rules and answer for both. */
export async function setLike(
  commandBus: CommandBus,
  session: UserSession | null,
  target: LikeTarget,
  targetId: string,
  liked: boolean,
): Promise<{ success: true } & LikeOutcome> {
  const { userId } = verifiedMember(session, target === 'post' ? 'likePost' : 'likeComment');
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
): Promise<{ liked: boolean }> {
  if (!session) return { liked: false };
  return { liked: await queryBus.execute(new GetLikedQuery(target, targetId, session.userId)) };
}
