import { randomUUID } from 'node:crypto';
import { POST_NOT_FOUND } from '../../../domain/post/post.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { postPublished } from '../../../../test/support/community-use-cases';
import { useCase } from '../../../../test/support/use-case-specification';
import { communityServices, visibilityChanged } from '../testing/community-use-cases';
import { GetPostHandler } from './get-post.handler';
import { GetPostQuery } from './get-post.query';

describe('a post’s page', () => {
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();

  // Hidden by its author: shown to the author only.
  const hiddenPost = useCase(
    (world) => new GetPostHandler(communityServices(world).reads, world.readStore),
  ).given(`post-${postId}`, postPublished(postId, author), visibilityChanged(postId, author));
  const seenBy = (viewerId: string | null) => new GetPostQuery(postId, viewerId);

  it('shows a hidden post to its author', () =>
    hiddenPost.when(seenBy(author)).thenAnswers(
      expect.objectContaining({
        post: expect.objectContaining({ _id: postId, authorId: author }),
      }),
    ));

  it('answers 404 for a hidden post to anyone else', async () => {
    await hiddenPost.when(seenBy(member)).thenThrows(NotFoundError, POST_NOT_FOUND);
    await hiddenPost.when(seenBy(null)).thenThrows(NotFoundError, POST_NOT_FOUND);
  });
});
