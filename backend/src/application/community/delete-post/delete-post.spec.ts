import { randomUUID } from 'node:crypto';
import type { ImageStorage } from '../../ports/image-storage.port';
import { NOT_YOUR_POST, POST_NOT_FOUND } from '../../../domain/post/post.decider';
import type { PostPublished } from '../../../domain/post/post.events';
import { ForbiddenError, NotFoundError } from '../../../domain/shared/errors';
import { imageOf, postPublished } from '../../../../test/support/community-use-cases';
import { boostPurchased, report } from '../../moderation/testing/admin-events';
import { NOW } from '../../moderation/testing/admin-use-cases';
import { useCase } from '../../../../test/support/use-case-specification';
import { GetPostHandler } from '../get-post/get-post.handler';
import { GetPostQuery } from '../get-post/get-post.query';
import { strikeOf } from '../../moderation/strikes-reactor';
import { DELETION_NOTE, GonePost } from '../gone-post';
import { communityServices } from '../testing/community-use-cases';
import { DeletePostCommand } from './delete-post.command';
import { DeletePostHandler } from './delete-post.handler';

describe('delete a post', () => {
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();
  const postStream = `post-${postId}`;

  /** The image keys the scenario deleted. */
  let deleted: string[];
  const deletePost = useCase((world) => {
    deleted = [];
    const images = { delete: async (key: string) => void deleted.push(key) };
    const { writes, reads } = communityServices(world);
    return new DeletePostHandler(
      writes,
      reads,
      images as unknown as ImageStorage,
      new GonePost(writes, world.readStore),
    );
  }).given(postStream, postPublished(postId, author));
  const by = (userId: string) => new DeletePostCommand(userId, postId, 'c-1');

  it('deletes the author’s post, and its files once no other post shows them', async () => {
    await deletePost.when(by(author)).then(postStream, [
      {
        type: 'PostDeleted',
        data: expect.objectContaining({
          postId,
          authorId: author,
          contentHash: expect.any(String),
        }),
      },
    ]);
    expect(deleted).toHaveLength(2);
  });

  it('given the post deleted, its page answers 404, to its author too', () =>
    useCase((world) => new GetPostHandler(communityServices(world).reads, world.readStore))
      .given(postStream, postPublished(postId, author), {
        type: 'PostDeleted',
        data: { postId, authorId: author, contentHash: imageOf(postId).contentHash },
      })
      .when(new GetPostQuery(postId, author))
      .thenThrows(NotFoundError, POST_NOT_FOUND));

  it('keeps the files while another post still shows them', async () => {
    const other = randomUUID();
    const published = postPublished(other, author) as PostPublished;
    const samePhoto = { ...published, data: { ...published.data, image: imageOf(postId) } };
    await deletePost
      .given(`post-${other}`, samePhoto)
      .when(by(author))
      .then(postStream, [{ type: 'PostDeleted', data: expect.objectContaining({ postId }) }]);
    expect(deleted).toEqual([]);
  });

  it('refuses to delete someone else’s post, keeping its files', async () => {
    const refused = deletePost.when(by(member));
    await refused.thenThrows(ForbiddenError, NOT_YOUR_POST);
    expect(deleted).toEqual([]);
    expect((await refused.outcome()).appended).toEqual([]);
  });

  it('ends the boost running on the post, and no boost takes it again', async () => {
    const boostId = randomUUID();
    const expiresAt = '2099-01-01T00:00:00.000Z';
    const scenario = deletePost
      .given(`boost-${boostId}`, boostPurchased(boostId, author), {
        type: 'BoostApplied',
        data: { boostId, boostType: 'regular', userId: author, postId, appliedAt: NOW, expiresAt },
      })
      .given(`post-boost-${postId}`, {
        type: 'PostBoostClaimed',
        data: { postId, boostId, expiresAt },
      })
      .when(by(author));
    await scenario.then(`boost-${boostId}`, [
      {
        type: 'BoostExpired',
        data: {
          boostId,
          userId: author,
          postId,
          expiresAt: expect.any(String),
          cause: 'post_deleted',
        },
      },
    ]);
    await scenario.then(`post-boost-${postId}`, [
      {
        type: 'PostBoostClosed',
        data: { postId, cause: 'post_deleted', boostId, expiresAt },
      },
    ]);
  });

  it('closes the post’s pending reports as reviewed, striking nobody', async () => {
    const reporter = randomUUID();
    const [stream, ...reported] = report('r-1', postId, author, reporter);
    const scenario = deletePost.given(stream, ...reported).when(by(author));
    await scenario.then(stream, [
      {
        type: 'ReportReviewed',
        data: {
          reportId: 'r-1',
          postId,
          userId: reporter,
          authorId: author,
          status: 'reviewed',
          hidePost: false,
          note: DELETION_NOTE,
          postDeleted: true,
        },
        metadata: { actor: { type: 'system', id: 'post-deletion' } },
      },
    ]);
    const outcome = await scenario.outcome();
    if ('error' in outcome) throw outcome.error;
    const closed = outcome.appended.find((event) => event.type === 'ReportReviewed')!;
    expect(strikeOf(closed)).toBeNull();
  });
});
