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
    new GetUserRatingHandler(world.writes, world.reads).execute(
      new GetUserRatingQuery(onPost, userId),
    );

  it('answers the score the member gave, and null for someone who gave none', async () => {
    expect(await rating(member)).toEqual({ score: 9, countsFrom: null });
    expect(await rating(author)).toBeNull();
  });

  it('given a young account’s rating that waits, when read, then it says when it counts; once counted, it no longer does', async () => {
    const young = randomUUID();
    const countsFrom = '2026-11-28T21:14:00.000Z';
    const vote = { postId, userId: young, authorId: author, score: 6 };
    await world.given(young, {
      [`vote-${postId}-${young}`]: [
        { type: 'Rated', data: { ...vote, heldOut: ['young-account'], countsFrom } },
      ],
    });
    expect(await rating(young)).toEqual({ score: 6, countsFrom });
    await world.given(young, {
      [`vote-${postId}-${young}`]: [
        { type: 'RatingCounted', data: { ...vote, reason: 'account-day-old' } },
      ],
    });
    expect(await rating(young)).toEqual({ score: 6, countsFrom: null });
  });

  it('refuses a post that is not there', async () => {
    await expect(rating(member, randomUUID())).rejects.toThrow(new NotFoundError(POST_NOT_FOUND));
  });
});
