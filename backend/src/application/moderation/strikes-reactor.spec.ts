import type { Actor, RecordedEvent } from '../../domain/shared/event';
import { strikeOf } from './strikes-reactor';

const event = (type: string, data: unknown, actor: Actor = { type: 'user', id: 'u-1' }) =>
  ({
    id: 'e-1',
    streamId: 's',
    revision: 0n,
    position: 1n,
    type,
    data,
    metadata: { actor, correlationId: 'c', causationId: 'c', at: '2026-11-23T12:00:00.000Z' },
    createdAt: new Date(0),
  }) as RecordedEvent;

describe('which events are strikes', () => {
  const rejected = (reason: string, actor?: Actor) =>
    event(
      'PhotoRejected',
      { ratingId: 'r-1', imageHash: 'h', contentHash: 'c', reason, rater: 'x' },
      actor,
    );

  it('a photo refused for a face, a person or nudity, against the signed-in uploader', () => {
    expect(strikeOf(rejected('face_or_person'))).toEqual({
      userId: 'u-1',
      strikeId: 'photo:r-1',
      cause: { kind: 'photo_refused', ratingId: 'r-1', reason: 'face_or_person' },
    });
    expect(strikeOf(rejected('nudity_or_explicit'))?.strikeId).toBe('photo:r-1');
  });

  it('not a photo that is only not feet, nor a visitor’s upload', () => {
    expect(strikeOf(rejected('not_feet'))).toBeNull();
    expect(strikeOf(rejected('face_or_person', { type: 'visitor', id: 'v-1' }))).toBeNull();
  });

  it('an upheld report against the post’s author, once per post; not a dismissed one', () => {
    const reviewed = (status: string, reportId: string) =>
      event(
        'ReportReviewed',
        {
          reportId,
          postId: 'p-1',
          userId: 'u-2',
          authorId: 'u-3',
          status,
          hidePost: false,
          note: null,
        },
        { type: 'admin', id: 'a-1' },
      );
    expect(strikeOf(reviewed('reviewed', 'r-1'))).toMatchObject({
      userId: 'u-3',
      strikeId: 'report:p-1',
    });
    expect(strikeOf(reviewed('reviewed', 'r-2'))?.strikeId).toBe('report:p-1');
    expect(strikeOf(reviewed('dismissed', 'r-3'))).toBeNull();
  });

  it('a comment refused for offensive words or a repeat; not one refused for a new account’s link', () => {
    const refused = (reason: string) =>
      event('CommentRefused', {
        commentId: 'c-1',
        postId: 'p-1',
        threadId: null,
        userId: 'u-1',
        reason,
        text: null,
      });
    expect(strikeOf(refused('offensive'))).toMatchObject({
      userId: 'u-1',
      strikeId: 'comment:c-1',
    });
    expect(strikeOf(refused('repeated'))).not.toBeNull();
    expect(strikeOf(refused('link'))).toBeNull();
  });

  it('nothing else', () => {
    expect(strikeOf(event('CommentPosted', { commentId: 'c-1' }))).toBeNull();
  });
});
