import { randomUUID } from 'node:crypto';
import { postPublished } from '../../../../test/support/community-use-cases';
import { useCase } from '../../../../test/support/use-case-specification';
import { communityServices, visibilityChanged } from '../testing/community-use-cases';
import { GetPostsByHandler } from './get-posts-by.handler';
import { GetPostsByQuery } from './get-posts-by.query';

describe('an author’s posts', () => {
  const shown = randomUUID();
  const author = randomUUID();
  const postId = randomUUID();

  const postsBy = useCase((world) => new GetPostsByHandler(communityServices(world).reads))
    // Hidden by its author: shown to the author only.
    .given(`post-${postId}`, postPublished(postId, author), visibilityChanged(postId, author))
    .given(`post-${shown}`, postPublished(shown, author));
  const ids = async (publicOnly: boolean) =>
    (await postsBy.when(new GetPostsByQuery(author, publicOnly)).outcome()).answer?.map(
      (post) => post._id,
    );

  it('lists every post for the author, hidden ones too', async () => {
    expect((await ids(false))?.sort()).toEqual([postId, shown].sort());
  });

  it('leaves hidden posts out for everyone else', async () => {
    expect(await ids(true)).toEqual([shown]);
  });
});
