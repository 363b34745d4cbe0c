import { deciderSpecification, metadataAt } from '../shared/testing/decider-specification';
import { ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import {
  COMMENT_EMPTY,
  COMMENT_NOT_FOUND,
  COMMENT_TOO_LONG,
  commentDecider as decider,
  type CommentCommand,
  type CommentEvent,
  commentStreamId,
  NOT_YOUR_COMMENT,
} from './comment.decider';

/** A new thread (threadId null) or a reply in thread `c-1`. */
const post = (
  commentId: string,
  userId: string,
  text: string,
  threadId: string | null = null,
  postId = 'p-1',
): CommentCommand => ({
  type: 'PostComment',
  data: { commentId, postId, threadId, userId, text },
  metadata: metadataAt('2026-11-23T12:00:00.000Z'),
});

const reply = (commentId: string, userId: string, text = 'Agreed!') =>
  post(commentId, userId, text, 'c-1');

const remove = (commentId: string, userId: string): CommentCommand => ({
  type: 'DeleteComment',
  data: { commentId, userId },
});

const spec = deciderSpecification(decider);
const when = (history: CommentEvent[], command: CommentCommand) =>
  spec.given(history).when(command).events();

/** Thread `c-1` by u-1 on post p-1, with replies c-2 (by u-2) and c-3 (by u-3). */
const started = () => when([], post('c-1', 'u-1', 'Lovely arches.'));
const withReplies = () => {
  const history = started();
  history.push(...when(history, reply('c-2', 'u-2')));
  history.push(...when(history, reply('c-3', 'u-3')));
  return history;
};

describe('comment decider', () => {
  describe('posting', () => {
    it('starts a thread named after the top-level comment, with the text trimmed', () => {
      expect(when([], post('c-1', 'u-1', '  Lovely arches.  '))).toEqual([
        {
          type: 'CommentPosted',
          data: {
            commentId: 'c-1',
            postId: 'p-1',
            threadId: 'c-1',
            parentCommentId: null,
            userId: 'u-1',
            text: 'Lovely arches.',
          },
        },
      ]);
    });

    it('records nothing when the same new thread is posted again (a retried request)', () => {
      expect(when(started(), post('c-1', 'u-1', 'Lovely arches.'))).toEqual([]);
    });

    it('records nothing when a deleted thread’s first post is retried', () => {
      const history = [...started(), ...when(started(), remove('c-1', 'u-1'))];
      expect(when(history, post('c-1', 'u-1', 'Lovely arches.'))).toEqual([]);
    });

    it('adds a reply to the thread, with the thread as its parent', () => {
      expect(when(started(), reply('c-2', 'u-2', ' Agreed! '))).toEqual([
        {
          type: 'CommentPosted',
          data: {
            commentId: 'c-2',
            postId: 'p-1',
            threadId: 'c-1',
            parentCommentId: 'c-1',
            userId: 'u-2',
            text: 'Agreed!',
          },
        },
      ]);
    });

    it('joins a reply to a reply to the same thread, one level deep', () => {
      const [event] = when(withReplies(), reply('c-4', 'u-1', 'Thanks, both'));
      expect(event).toMatchObject({
        type: 'CommentPosted',
        data: { commentId: 'c-4', threadId: 'c-1', parentCommentId: 'c-1' },
      });
    });

    it('records nothing when a reply already in the thread is posted again', () => {
      expect(when(withReplies(), reply('c-2', 'u-2'))).toEqual([]);
    });

    it('refuses a reply to a thread that does not exist', () => {
      expect(() => when([], reply('c-2', 'u-2'))).toThrow(NotFoundError);
      expect(() => when([], reply('c-2', 'u-2'))).toThrow(COMMENT_NOT_FOUND);
    });

    it('refuses a reply to a deleted thread as not found', () => {
      const history = [...started(), ...when(started(), remove('c-1', 'u-1'))];
      expect(() => when(history, reply('c-2', 'u-2'))).toThrow(NotFoundError);
      expect(() => when(history, reply('c-2', 'u-2'))).toThrow(COMMENT_NOT_FOUND);
    });

    it('refuses a reply that names a thread of another post', () => {
      expect(() => when(started(), post('c-2', 'u-2', 'Hi', 'c-1', 'p-2'))).toThrow(NotFoundError);
    });

    it.each(['', '   ', '\n\t ', '\u200b\u200b', '\u3164 \u2800', '\u202e\u0000'])(
      'refuses an empty comment %p',
      (text) => {
        expect(() => when([], post('c-1', 'u-1', text))).toThrow(ValidationError);
        expect(() => when(started(), reply('c-2', 'u-2', text))).toThrow(COMMENT_EMPTY);
      },
    );

    it('keeps a comment without its control characters, bidi overrides and piled marks', () => {
      const [event] = when([], post('c-1', 'u-1', ` \u202eNice\u0007 z${'\u0301'.repeat(50)} `));
      expect(event.type === 'CommentPosted' && event.data.text).toBe(`Nice z${'\u0301'.repeat(4)}`);
    });

    it('keeps a comment of exactly 500 characters and refuses 501', () => {
      const [event] = when([], post('c-1', 'u-1', 'x'.repeat(500)));
      expect(event.type === 'CommentPosted' && event.data.text.length).toBe(500);
      expect(() => when([], post('c-1', 'u-1', 'x'.repeat(501)))).toThrow(ValidationError);
      expect(() => when([], post('c-1', 'u-1', 'x'.repeat(501)))).toThrow(COMMENT_TOO_LONG);
    });

    it('counts the 500 after trimming', () => {
      const [event] = when([], post('c-1', 'u-1', `   ${'x'.repeat(500)}   `));
      expect(event.type === 'CommentPosted' && event.data.text).toBe('x'.repeat(500));
    });

    it('counts an emoji as one character', () => {
      const feet = '🦶'.repeat(500);
      expect(feet.length).toBe(1000);
      const [event] = when([], post('c-1', 'u-1', feet));
      expect(event.type === 'CommentPosted' && event.data.text).toBe(feet);
      expect(() => when([], post('c-1', 'u-1', `${feet}🦶`))).toThrow(COMMENT_TOO_LONG);
    });
  });

  describe('deleting', () => {
    it('deletes a top-level comment and lists its live replies to go with it', () => {
      expect(when(withReplies(), remove('c-1', 'u-1'))).toEqual([
        {
          type: 'CommentDeleted',
          data: {
            commentId: 'c-1',
            postId: 'p-1',
            threadId: 'c-1',
            parentCommentId: null,
            userId: 'u-1',
            removedReplyIds: ['c-2', 'c-3'],
          },
        },
      ]);
    });

    it('deletes a top-level comment without replies, listing none', () => {
      const [event] = when(started(), remove('c-1', 'u-1'));
      expect(event.type === 'CommentDeleted' && event.data.removedReplyIds).toEqual([]);
    });

    it('deletes a reply on its own, leaving the thread open', () => {
      const deleted = when(withReplies(), remove('c-2', 'u-2'));
      expect(deleted).toEqual([
        {
          type: 'CommentDeleted',
          data: {
            commentId: 'c-2',
            postId: 'p-1',
            threadId: 'c-1',
            parentCommentId: 'c-1',
            userId: 'u-2',
            removedReplyIds: [],
          },
        },
      ]);
      const history = [...withReplies(), ...deleted];
      expect(spec.given(...history).state()).toMatchObject({
        status: 'open',
        replies: [{ commentId: 'c-3', authorId: 'u-3' }],
      });
      expect(when(history, reply('c-4', 'u-4'))).toHaveLength(1);
    });

    it('lists only the replies still live when the top-level comment goes', () => {
      const history = [...withReplies(), ...when(withReplies(), remove('c-2', 'u-2'))];
      const [event] = when(history, remove('c-1', 'u-1'));
      expect(event.type === 'CommentDeleted' && event.data.removedReplyIds).toEqual(['c-3']);
    });

    it('counts the removed comments already off the post’s count: hidden with a banned author', () => {
      const deleting: CommentCommand = {
        type: 'DeleteComment',
        data: { commentId: 'c-1', userId: 'u-1', hiddenIds: ['c-3', 'c-9'] },
      };
      expect(when(withReplies(), deleting)[0]).toMatchObject({ data: { uncounted: 1 } });
      const removing: CommentCommand = {
        type: 'RemoveComment',
        data: { commentId: 'c-2', reason: 'Spam', hiddenIds: ['c-3'] },
      };
      expect(when(withReplies(), removing)[0]!.data).not.toHaveProperty('uncounted');
    });

    it('refuses to delete someone else’s top-level comment', () => {
      expect(() => when(withReplies(), remove('c-1', 'u-2'))).toThrow(ForbiddenError);
      expect(() => when(withReplies(), remove('c-1', 'u-2'))).toThrow(NOT_YOUR_COMMENT);
    });

    it('refuses to delete someone else’s reply, even for the thread’s author', () => {
      expect(() => when(withReplies(), remove('c-2', 'u-1'))).toThrow(ForbiddenError);
      expect(() => when(withReplies(), remove('c-2', 'u-3'))).toThrow(NOT_YOUR_COMMENT);
    });

    it('refuses to delete a reply that is deleted already or was never posted', () => {
      const history = [...withReplies(), ...when(withReplies(), remove('c-2', 'u-2'))];
      expect(() => when(history, remove('c-2', 'u-2'))).toThrow(NotFoundError);
      expect(() => when(history, remove('c-9', 'u-2'))).toThrow(COMMENT_NOT_FOUND);
    });

    it('refuses to delete in a thread that does not exist or is deleted', () => {
      expect(() => when([], remove('c-1', 'u-1'))).toThrow(NotFoundError);
      const history = [...withReplies(), ...when(withReplies(), remove('c-1', 'u-1'))];
      expect(spec.given(...history).state()).toEqual({ status: 'deleted' });
      expect(() => when(history, remove('c-1', 'u-1'))).toThrow(COMMENT_NOT_FOUND);
      expect(() => when(history, remove('c-3', 'u-3'))).toThrow(NotFoundError);
    });
  });

  it('keeps a thread in one stream named after its top-level comment', () => {
    expect(commentStreamId('c-1')).toBe('comment-c-1');
  });

  describe('removal by an admin', () => {
    const adminRemove = (commentId: string, reason = 'Insults'): CommentCommand => ({
      type: 'RemoveComment',
      data: { commentId, reason },
    });
    const thread = () => {
      const opened = when([], post('c-1', 'u-1', 'Nice'));
      return [...opened, ...when(opened, reply('c-2', 'u-2'))];
    };

    it('removes anyone’s reply with the reason, naming its author', () => {
      expect(when(thread(), adminRemove('c-2'))).toEqual([
        {
          type: 'CommentDeleted',
          data: {
            commentId: 'c-2',
            postId: 'p-1',
            threadId: 'c-1',
            parentCommentId: 'c-1',
            userId: 'u-2',
            removedReplyIds: [],
            reason: 'Insults',
          },
        },
      ]);
    });

    it('removes a top-level comment with its replies', () => {
      expect(when(thread(), adminRemove('c-1'))[0].data).toMatchObject({
        userId: 'u-1',
        removedReplyIds: ['c-2'],
        reason: 'Insults',
      });
    });

    it('requires a reason and a comment that exists', () => {
      expect(() => when(thread(), adminRemove('c-2', '  '))).toThrow(ValidationError);
      expect(() => when(thread(), adminRemove('c-9'))).toThrow(NotFoundError);
      const gone = [...thread(), ...when(thread(), adminRemove('c-1'))];
      expect(() => when(gone, adminRemove('c-2'))).toThrow(NotFoundError);
    });
  });

  describe('filtering', () => {
    const screened = (command: CommentCommand, accountCreatedAt = '2026-01-01T00:00:00.000Z') =>
      ({
        ...command,
        data: {
          ...command.data,
          screening: { accountCreatedAt, postId: 'p-1', recentComments: [] },
        },
      }) as CommentCommand;

    it('records the refusal instead of the comment, with its reason and the typed text', () => {
      expect(when([], screened(post('c-1', 'u-1', ' what a fucking mess ')))).toEqual([
        {
          type: 'CommentRefused',
          data: {
            commentId: 'c-1',
            postId: 'p-1',
            threadId: null,
            userId: 'u-1',
            reason: 'offensive',
            text: 'what a fucking mess',
          },
        },
      ]);
    });

    it('refuses a reply with a link from a new account, and the thread stays as it was', () => {
      const history = started();
      const refused = when(
        history,
        screened(reply('c-2', 'u-2', 'see example.com'), '2026-11-22T00:00:00.000Z'),
      );
      expect(refused).toEqual([
        {
          type: 'CommentRefused',
          data: expect.objectContaining({ threadId: 'c-1', reason: 'link' }),
        },
      ]);
      expect(when([...history, ...refused], reply('c-3', 'u-2'))[0].type).toBe('CommentPosted');
    });

    it('posts a clean comment that was screened', () => {
      expect(when([], screened(post('c-1', 'u-1', 'Scunthorpe arches')))[0].type).toBe(
        'CommentPosted',
      );
    });
  });
});
