import { randomUUID } from 'node:crypto';
import { COMMENT_NOT_FOUND } from '../../../domain/comment/comment.decider';
import { COMMENT_REFUSALS } from '../../../domain/comment/comment-filter';
import { NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { PostCommentCommand } from './post-comment.command';
import { PostCommentHandler } from './post-comment.handler';

describe('post a comment', () => {
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(author, { [`post-${postId}`]: [postPublished(postId, author)] });
  });

  const comment = (text: string, parentCommentId: string | null = null, onPost = postId) =>
    new PostCommentHandler(world.writes, world.reads).execute(
      new PostCommentCommand(member, onPost, text, parentCommentId, 'c-1'),
    );

  it('starts a thread, and a reply joins its parent’s thread', async () => {
    const top = await comment('Lovely arches');
    expect(top.replies).toEqual([]);
    expect(top.comment).toMatchObject({ postId, authorId: member, text: 'Lovely arches' });
    const reply = await comment('And the toes', top.comment._id);
    expect(await world.then(`comment-${top.comment._id}`)).toEqual([
      { type: 'CommentPosted', data: expect.objectContaining({ commentId: top.comment._id }) },
      {
        type: 'CommentPosted',
        data: expect.objectContaining({
          commentId: reply.comment._id,
          threadId: top.comment._id,
          parentCommentId: top.comment._id,
        }),
      },
    ]);
  });

  it('refuses a reply to a comment of another post', async () => {
    const other = randomUUID();
    await world.given(author, { [`post-${other}`]: [postPublished(other, author)] });
    const elsewhere = await comment('Elsewhere', null, other);
    await expect(comment('Wrong post', elsewhere.comment._id)).rejects.toThrow(
      new NotFoundError(COMMENT_NOT_FOUND),
    );
  });

  it('refuses offensive words with the reason, records the refusal and posts nothing', async () => {
    await expect(comment('what a fucking mess')).rejects.toThrow(
      new ValidationError(COMMENT_REFUSALS.offensive),
    );
    const refused = (await world.eventStore.readAll()).filter((e) => e.type === 'CommentRefused');
    expect(refused.map((e) => e.data)).toEqual([
      expect.objectContaining({ postId, userId: member, reason: 'offensive', threadId: null }),
    ]);
    expect((await world.eventStore.readAll()).some((e) => e.type === 'CommentPosted')).toBe(false);
  });

  it('refuses the same text on another post the same day, from the account’s comments', async () => {
    const other = randomUUID();
    await world.given(author, { [`post-${other}`]: [postPublished(other, author)] });
    const text = 'Follow me for more pictures of lovely feet';
    await comment(text, null, other);
    await expect(comment(text.toUpperCase())).rejects.toThrow(
      new ValidationError(COMMENT_REFUSALS.repeated),
    );
  });

  it('refuses a link from an account the read models do not know yet (as a new one)', async () => {
    await expect(comment('see example.com')).rejects.toThrow(
      new ValidationError(COMMENT_REFUSALS.link),
    );
  });
});
