import { randomUUID } from 'node:crypto';
import { COMMENT_NOT_FOUND } from '../../../domain/comment/comment.decider';
import { COMMENT_REFUSALS, REPEAT_WINDOW_MS } from '../../../domain/comment/comment-filter';
import { NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { postPublished } from '../../../../test/support/community-use-cases';
import { SPEC_NOW, useCase } from '../../../../test/support/use-case-specification';
import { commentPosted, communityServices } from '../testing/community-use-cases';
import { PostCommentCommand } from './post-comment.command';
import { PostCommentHandler } from './post-comment.handler';

describe('post a comment', () => {
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();
  const other = randomUUID();

  const postComment = useCase((world) => {
    const { writes, reads, bannedAuthors } = communityServices(world);
    return new PostCommentHandler(writes, reads, bannedAuthors);
  }).given(`post-${postId}`, postPublished(postId, author));
  const comment = (text: string, parentCommentId: string | null = null, onPost = postId) =>
    new PostCommentCommand(member, onPost, text, parentCommentId, 'c-1');

  it('starts a thread, and a reply joins its parent’s thread', async () => {
    const { answer, appended } = await postComment.when(comment('Lovely arches')).outcome();
    expect(answer?.replies).toEqual([]);
    expect(answer?.comment).toMatchObject({ postId, authorId: member, text: 'Lovely arches' });
    const top = answer!.comment._id;
    expect(appended.map(({ streamId, type, data }) => ({ streamId, type, data }))).toEqual([
      {
        streamId: `comment-${top}`,
        type: 'CommentPosted',
        data: expect.objectContaining({ commentId: top, threadId: top, parentCommentId: null }),
      },
    ]);

    const reply = postComment
      .given(`comment-${top}`, commentPosted(top, postId, member, 'Lovely arches'))
      .when(comment('And the toes', top));
    await reply.then(`comment-${top}`, [
      {
        type: 'CommentPosted',
        data: expect.objectContaining({
          text: 'And the toes',
          threadId: top,
          parentCommentId: top,
        }),
      },
    ]);
    const {
      answer: replied,
      appended: [posted],
    } = await reply.outcome();
    expect(posted?.data).toMatchObject({ commentId: replied?.comment._id });
  });

  it('refuses a reply to a comment of another post', () => {
    const elsewhere = randomUUID();
    return postComment
      .given(`post-${other}`, postPublished(other, author))
      .given(`comment-${elsewhere}`, commentPosted(elsewhere, other, member, 'Elsewhere'))
      .when(comment('Wrong post', elsewhere))
      .thenThrows(NotFoundError, COMMENT_NOT_FOUND);
  });

  it('refuses offensive words with the reason, records the refusal and posts nothing', async () => {
    const refused = postComment.when(comment('what a fucking mess'));
    await refused.thenThrows(ValidationError, COMMENT_REFUSALS.offensive);
    expect((await refused.outcome()).appended.map(({ type, data }) => ({ type, data }))).toEqual([
      {
        type: 'CommentRefused',
        data: expect.objectContaining({
          postId,
          userId: member,
          reason: 'offensive',
          threadId: null,
        }),
      },
    ]);
  });

  describe('the same text on another post', () => {
    const text = 'Follow me for more pictures of lovely feet';
    const commentedElsewhere = postComment
      .given(`post-${other}`, postPublished(other, author))
      .given(`comment-${other}`, commentPosted(other, other, member, text));

    it('refuses it the same day, from the account’s comments', () =>
      commentedElsewhere
        .when(comment(text.toUpperCase()))
        .thenThrows(ValidationError, COMMENT_REFUSALS.repeated));

    it('posts it once the day is over', () =>
      commentedElsewhere
        .at(new Date(Date.parse(SPEC_NOW) + REPEAT_WINDOW_MS + 1))
        .when(comment(text.toUpperCase()))
        .thenAnswers(
          expect.objectContaining({
            comment: expect.objectContaining({ text: text.toUpperCase() }),
          }),
        ));
  });

  it('refuses a link from an account the read models do not know yet (as a new one)', () =>
    postComment
      .when(comment('see example.com'))
      .thenThrows(ValidationError, COMMENT_REFUSALS.link));
});
