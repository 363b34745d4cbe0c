import { projectionSpecification, recorded } from '../testing/projection-specification';
import { likesProjection as projection } from './likes.projection';

const AT = '2026-11-20T18:30:00.000Z';
const commentLike = { target: 'comment', targetId: 'c-1', postId: 'p-1', userId: 'u-3' };
const liked = (data: object = commentLike, at = AT) => recorded('Liked', data, { at });
const unliked = (data: object = commentLike) => recorded('Unliked', data);

const spec = projectionSpecification(projection);

describe('likes projection', () => {
  it('given a like of a comment, keeps who likes it under the comment’s post', () => {
    expect(projection.documentId(liked())).toBe('comment-c-1-u-3');
    spec.given(liked()).then({
      _id: 'comment-c-1-u-3',
      target: 'comment',
      targetId: 'c-1',
      postId: 'p-1',
      userId: 'u-3',
      likedAt: AT,
    });
  });

  it('given a like of a post, names the post as its own post', () => {
    const postLike = { target: 'post', targetId: 'p-1', postId: 'p-1', userId: 'u-3' };
    expect(projection.documentId(liked(postLike))).toBe('post-p-1-u-3');
    spec.given(liked(postLike)).thenMatches({ target: 'post', postId: 'p-1' });
  });

  it('given a like then an unlike, keeps nothing', () => {
    spec.given(liked(), unliked()).thenGone();
  });

  it('given a like again after an unlike, dates it from the new like', () => {
    const later = '2026-11-21T08:00:00.000Z';
    spec.given(liked(), unliked(), liked(commentLike, later)).thenMatches({ likedAt: later });
  });

  it('keeps the first like when a like is replayed onto it', () => {
    spec
      .given(liked(), liked(commentLike, '2026-11-22T00:00:00.000Z'))
      .thenMatches({ likedAt: AT });
  });

  it('skips likes whose target or ids are missing', () => {
    expect(projection.documentId(liked({ ...commentLike, target: 'photo' }))).toBeNull();
    expect(projection.documentId(liked({ ...commentLike, postId: undefined }))).toBeNull();
    expect(projection.documentId(recorded('Liked', null))).toBeNull();
  });
});
