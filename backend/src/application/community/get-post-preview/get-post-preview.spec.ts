import { randomUUID } from 'node:crypto';
import { POST_NOT_FOUND } from '../../../domain/post/post.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { GetPostPreviewHandler } from './get-post-preview.handler';
import { GetPostPreviewQuery } from './get-post-preview.query';
import { PostPreviews, scoreLabel } from './post-previews';

describe('what a shared link to a post shows', () => {
  const author = randomUUID();
  const rater = randomUUID();
  const first = randomUUID();
  const second = randomUUID();
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(author, {
      [`post-${first}`]: [postPublished(first, author)],
      [`post-${second}`]: [postPublished(second, author)],
    });
  });

  const preview = (postId: string) =>
    new GetPostPreviewHandler(new PostPreviews(world.reads)).execute(
      new GetPostPreviewQuery(postId),
    );

  const rate = (postId: string, score: number) =>
    world.given(rater, {
      [`vote-${postId}-${rater}`]: [
        { type: 'Rated', data: { postId, userId: rater, authorId: author, score } },
      ],
    });

  it('gives the score with one decimal, its label and the rank on this week’s board', async () => {
    await rate(second, 10);
    expect(await preview(second)).toMatchObject({
      postId: second,
      score: '8.5',
      label: 'EXCELLENT',
      weeklyRank: 1,
    });
    expect(await preview(first)).toMatchObject({ score: '7.0', label: 'GREAT', weeklyRank: 2 });
  });

  it('changes the card version when the score or the rank changes', async () => {
    const before = await preview(first);
    await rate(first, 2);
    const after = await preview(first);
    expect(after.score).toBe('4.5');
    expect(after.cardVersion).not.toBe(before.cardVersion);
  });

  it('has none for a hidden post, whoever asks', async () => {
    await world.given(author, {
      [`post-${first}`]: [
        {
          type: 'PostVisibilityChanged',
          data: { postId: first, authorId: author, isPublic: false, reason: null },
        },
      ],
    });
    await expect(preview(first)).rejects.toThrow(new NotFoundError(POST_NOT_FOUND));
    await expect(preview('not-a-post')).rejects.toThrow(new NotFoundError(POST_NOT_FOUND));
  });

  it('labels scores as spec §9 does', () => {
    expect([9, 8.9, 7, 6, 5, 3, 2.9].map(scoreLabel)).toEqual([
      'LEGENDARY',
      'EXCELLENT',
      'GREAT',
      'GOOD',
      'AVERAGE',
      'BELOW AVERAGE',
      'NEEDS WORK',
    ]);
  });
});
