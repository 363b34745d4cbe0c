import { randomUUID } from 'node:crypto';
import type { ImageStorage } from '../../ports/image-storage.port';
import { NOT_YOUR_POST } from '../../../domain/post/post.decider';
import { ForbiddenError } from '../../../domain/shared/errors';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { DeletePostCommand } from './delete-post.command';
import { DeletePostHandler } from './delete-post.handler';

describe('delete a post', () => {
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(author, { [`post-${postId}`]: [postPublished(postId, author)] });
  });

  /** Deleted image keys. */
  let deleted: string[];
  const remove = (userId: string) => {
    deleted = [];
    const images = { delete: async (key: string) => void deleted.push(key) };
    const storage = images as unknown as ImageStorage;
    const handler = new DeletePostHandler(world.writes, world.reads, storage);
    return handler.execute(new DeletePostCommand(userId, postId, 'c-1'));
  };

  it('deletes the author’s post, and its files once no other post shows them', async () => {
    await remove(author);
    expect(deleted).toHaveLength(2);
    const [, removed] = await world.then(`post-${postId}`);
    expect(removed).toMatchObject({ type: 'PostDeleted', data: { postId, authorId: author } });
    await expect(world.reads.visiblePost(postId, author)).rejects.toThrow('Post not found');
  });

  it('refuses to delete someone else’s post, keeping its files', async () => {
    await expect(remove(member)).rejects.toThrow(new ForbiddenError(NOT_YOUR_POST));
    expect(deleted).toEqual([]);
    expect(await world.then(`post-${postId}`)).toHaveLength(1);
  });
});
