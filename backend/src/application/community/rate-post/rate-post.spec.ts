import { randomUUID } from 'node:crypto';
import { OWN_POST_RATING } from '../../../domain/post-rating/post-rating.decider';
import { ForbiddenError } from '../../../domain/shared/errors';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { RatePostCommand } from './rate-post.command';
import { RatePostHandler } from './rate-post.handler';
import { HmacKeyedHasher } from '../../../infrastructure/keyed-hasher/hmac-keyed-hasher';

const hasher = new HmacKeyedHasher('a secret for the vote specs');

describe('rate a post', () => {
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(author, { [`post-${postId}`]: [postPublished(postId, author)] });
  });

  const rate = (userId: string, score: number) =>
    new RatePostHandler(world.writes, world.reads, { voteWaitHours: 24 }, hasher).execute(
      new RatePostCommand(userId, postId, score, 'c-1'),
    );

  it('records the rating and answers the mean with the AI’s score', async () => {
    expect(await rate(member, 9)).toEqual({
      averageRating: 8,
      voteCount: 1,
      counted: true,
      countsFrom: null,
      message: null,
    });
    expect(await world.then(`vote-${postId}-${member}`)).toEqual([
      { type: 'Rated', data: expect.objectContaining({ postId, userId: member, score: 9 }) },
    ]);
  });

  it('refuses the author’s own rating, recording nothing', async () => {
    await expect(rate(author, 9)).rejects.toThrow(new ForbiddenError(OWN_POST_RATING));
    expect(await world.then(`vote-${postId}-${author}`)).toEqual([]);
  });
});
