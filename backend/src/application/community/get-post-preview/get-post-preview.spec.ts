import { randomUUID } from 'node:crypto';
import { POST_NOT_FOUND } from '../../../domain/post/post.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { postPublished } from '../../../../test/support/community-use-cases';
import { useCase } from '../../../../test/support/use-case-specification';
import { communityServices, rated, visibilityChanged } from '../testing/community-use-cases';
import { GetPostPreviewHandler } from './get-post-preview.handler';
import { GetPostPreviewQuery } from './get-post-preview.query';
import { PostPreviews, scoreLabel } from './post-previews';

describe('what a shared link to a post shows', () => {
  const author = randomUUID();
  const rater = randomUUID();
  const first = randomUUID();
  const second = randomUUID();

  const preview = useCase(
    (world) => new GetPostPreviewHandler(new PostPreviews(communityServices(world).reads)),
  )
    .given(`post-${first}`, postPublished(first, author))
    .given(`post-${second}`, postPublished(second, author));
  const of = (postId: string) => new GetPostPreviewQuery(postId);
  const ratedBy = (postId: string, score: number) =>
    [`vote-${postId}-${rater}`, rated(postId, rater, author, score)] as const;

  it('gives the score with one decimal, its label and the rank on this week’s board', async () => {
    const ratedSecond = preview.given(...ratedBy(second, 10));
    await ratedSecond.when(of(second)).thenAnswers(
      expect.objectContaining({
        postId: second,
        score: '8.5',
        label: 'EXCELLENT',
        weeklyRank: 1,
      }),
    );
    await ratedSecond
      .when(of(first))
      .thenAnswers(expect.objectContaining({ score: '7.0', label: 'GREAT', weeklyRank: 2 }));
  });

  it('changes the card version when the score or the rank changes', async () => {
    const before = await preview.when(of(first)).outcome();
    const after = await preview
      .given(...ratedBy(first, 2))
      .when(of(first))
      .outcome();
    expect(after.answer?.score).toBe('4.5');
    expect(before.answer?.cardVersion).toEqual(expect.any(String));
    expect(after.answer?.cardVersion).not.toBe(before.answer?.cardVersion);
  });

  it('has none for a hidden post, whoever asks', async () => {
    await preview
      .given(`post-${first}`, visibilityChanged(first, author))
      .when(of(first))
      .thenThrows(NotFoundError, POST_NOT_FOUND);
    await preview.when(of('not-a-post')).thenThrows(NotFoundError, POST_NOT_FOUND);
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
