import type { Actor, RecordedEvent } from '../../domain/shared/event';
import {
  projectionSpecification,
  recordedBy,
  recorded as recordedEvent,
} from '../testing/projection-specification';
import { commentsProjection as projection } from './comments.projection';

const AT = '2026-11-20T18:30:00.000Z';

const recorded = (type: string, data: unknown, at = AT): RecordedEvent =>
  recordedEvent(type, data, {
    at,
    streamId: 'comment-c-1',
    metadata: { actor: { type: 'user', id: 'u-2' } },
  });

const posted = (commentId: string, parentCommentId: string | null = null, userId = 'u-2') =>
  recorded('CommentPosted', {
    commentId,
    postId: 'p-1',
    threadId: parentCommentId ?? commentId,
    parentCommentId,
    userId,
    text: 'Lovely arches.',
  });
const deleted = (
  commentId: string,
  parentCommentId: string | null,
  removedReplyIds: string[] = [],
) =>
  recorded('CommentDeleted', {
    commentId,
    postId: 'p-1',
    threadId: parentCommentId ?? commentId,
    parentCommentId,
    userId: 'u-2',
    removedReplyIds,
  });
const like = (type: 'Liked' | 'Unliked', userId = 'u-3', targetId = 'c-1') =>
  recorded(type, { target: 'comment', targetId, postId: 'p-1', userId });
const postLike = (type: 'Liked' | 'Unliked') =>
  recorded(type, { target: 'post', targetId: 'p-1', postId: 'p-1', userId: 'u-3' });

const spec = projectionSpecification(projection);

describe('comments projection', () => {
  it('given a top-level comment, stores it keyed by its id with no parent', () => {
    expect(projection.documentId(posted('c-1'))).toBe('c-1');
    spec.given(posted('c-1')).then({
      _id: 'c-1',
      postId: 'p-1',
      threadId: 'c-1',
      parentCommentId: null,
      authorId: 'u-2',
      text: 'Lovely arches.',
      likesCount: 0,
      createdAt: AT,
    });
  });

  it('given a reply, stores it in its thread under its parent', () => {
    expect(projection.documentId(posted('c-2', 'c-1', 'u-3'))).toBe('c-2');
    spec.given(posted('c-2', 'c-1', 'u-3')).thenMatches({
      _id: 'c-2',
      threadId: 'c-1',
      parentCommentId: 'c-1',
      authorId: 'u-3',
    });
  });

  it('keeps the first document when the posting is applied again', () => {
    spec.given(posted('c-1'), like('Liked'), posted('c-1')).thenUnchanged();
  });

  it('names a deleted reply alone', () => {
    expect(projection.documentId(deleted('c-2', 'c-1'))).toEqual(['c-2']);
    spec.given(posted('c-2', 'c-1'), deleted('c-2', 'c-1')).thenGone();
  });

  it('names a deleted top-level comment and its replies, and removes each', () => {
    const event = deleted('c-1', null, ['c-2', 'c-3']);
    expect(projection.documentId(event)).toEqual(['c-1', 'c-2', 'c-3']);
    spec.given(posted('c-1'), event).thenGone();
    spec.given(posted('c-2', 'c-1'), event).thenGone();
    spec.given(posted('c-3', 'c-1'), event).thenGone();
  });

  it('counts likes and unlikes of a comment, never below zero', () => {
    expect(projection.documentId(like('Liked'))).toBe('c-1');
    expect(projection.documentId(like('Unliked'))).toBe('c-1');
    expect(
      spec
        .given(posted('c-1'), like('Liked', 'u-3'), like('Liked', 'u-4'), like('Unliked', 'u-3'))
        .document()?.likesCount,
    ).toBe(1);
    expect(spec.given(posted('c-1'), like('Unliked'), like('Unliked')).document()?.likesCount).toBe(
      0,
    );
  });

  it('ignores the like of a post', () => {
    expect(projection.documentId(postLike('Liked'))).toBeNull();
    expect(projection.documentId(postLike('Unliked'))).toBeNull();
  });

  it('changes nothing for likes or deletions of a comment it does not hold', () => {
    spec.given(like('Liked')).thenGone();
    spec.given(like('Unliked')).thenGone();
    spec.given(deleted('c-1', null)).thenGone();
    spec.given(posted('c-1'), deleted('c-1', null), like('Liked')).thenGone();
  });
});

describe('comments projection: moderation', () => {
  const ADMIN: Actor = { type: 'admin', id: 'a-1' };

  it('hides a banned author’s comments and shows them again when the ban is lifted', () => {
    const posted = recordedBy(
      'CommentPosted',
      {
        commentId: 'c-1',
        postId: 'p-9',
        threadId: 'c-1',
        parentCommentId: null,
        userId: 'u-1',
        text: 'x',
      },
      { type: 'user', id: 'u-1' },
    );
    const ban = { userId: 'u-1', reason: 'Spam', postIds: [], commentIds: ['c-1'] };
    spec.given(posted, recordedBy('UserBanned', ban, ADMIN)).thenMatches({ hidden: true });
    spec
      .given(
        posted,
        recordedBy('UserBanned', ban, ADMIN),
        recordedBy('UserRestrictionLifted', ban, ADMIN),
      )
      .thenMatches({ hidden: false });
    // A comment written as the ban landed joins it.
    spec.given(posted, recordedBy('UserBanExtended', ban, ADMIN)).thenMatches({ hidden: true });
  });
});
