import type { QueryBus } from '@nestjs/cqrs';
import { GetPublicProfileQuery } from '../../application/accounts/public-profile/public-profile.query';
import { GetPostsByQuery } from '../../application/community/get-posts-by/get-posts-by.query';
import { toProfilePostResponse } from '../community/post.view';
import type { PublicProfileResponse } from './profile.view';

/**
 * `GET /api/users/:userId`: the profile and its public posts, newest first. Read by its
 * controller and by the server's render of the profile page (api/ssr).
 */
export async function publicProfileAnswer(
  queryBus: QueryBus,
  userId: string,
): Promise<PublicProfileResponse> {
  const { user } = await queryBus.execute(new GetPublicProfileQuery(userId));
  const posts = await queryBus.execute(new GetPostsByQuery(userId, true));
  return { user, posts: posts.map(toProfilePostResponse) };
}
