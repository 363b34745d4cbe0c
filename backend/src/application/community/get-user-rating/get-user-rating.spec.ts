import { randomUUID } from 'node:crypto';
import { POST_NOT_FOUND } from '../../../domain/post/post.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { GetUserRatingHandler } from './get-user-rating.handler';
import { GetUserRatingQuery } from './get-user-rating.query';

describe('a member’s own rating of a post', () => {
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(author, { [`post-${postId}`]: [postPublished(postId, author)] });
    await world.given(member, {
      [`vote-${postId}-${member}`]: [
        { type: 'Rated', data: { postId, userId: member, authorId: author, score: 9 } },
      ],
    });
  });

  const rating = (userId: string, onPost = postId) =>
    new GetUserRatingHandler(world.writes).execute(new GetUserRatingQuery(onPost, userId));

  it('answers the score the member gave, and null for someone who gave none', async () => {
    expect(await rating(member)).toBe(9);
    expect(await rating(author)).toBeNull();
  });

  it('refuses a post that is not there', async () => {
    await expect(rating(member, randomUUID())).rejects.toThrow(new NotFoundError(POST_NOT_FOUND));
  });
});
