import { fold } from '../shared/decider';
import {
  likeDecider as decider,
  type LikeCommand,
  type LikeData,
  type LikeEvent,
  likeStreamId,
} from './like.decider';

const postLike: LikeData = { target: 'post', targetId: 'p-1', postId: 'p-1', userId: 'u-2' };
const commentLike: LikeData = { target: 'comment', targetId: 'c-1', postId: 'p-1', userId: 'u-2' };

const like = (data: LikeData = postLike): LikeCommand => ({ type: 'Like', data });
const unlike = (data: LikeData = postLike): LikeCommand => ({ type: 'Unlike', data });

const given = (...events: LikeEvent[]) => fold(decider, events);
const when = (history: LikeEvent[], command: LikeCommand) =>
  decider.decide(command, given(...history));

const liked = (data: LikeData = postLike): LikeEvent => ({ type: 'Liked', data });
const unliked = (data: LikeData = postLike): LikeEvent => ({ type: 'Unliked', data });

describe('like decider', () => {
  it('likes a post', () => {
    expect(when([], like())).toEqual([{ type: 'Liked', data: postLike }]);
  });

  it('likes a comment, naming the post it belongs to', () => {
    expect(when([], like(commentLike))).toEqual([{ type: 'Liked', data: commentLike }]);
  });

  it('records nothing when liking what is liked already', () => {
    expect(when([liked()], like())).toEqual([]);
  });

  it('unlikes a liked post', () => {
    expect(when([liked()], unlike())).toEqual([{ type: 'Unliked', data: postLike }]);
  });

  it('records nothing when unliking what was never liked', () => {
    expect(when([], unlike())).toEqual([]);
  });

  it('records nothing when unliking what was unliked already', () => {
    expect(when([liked(), unliked()], unlike())).toEqual([]);
  });

  it('likes again after an unlike', () => {
    expect(when([liked(), unliked()], like())).toEqual([{ type: 'Liked', data: postLike }]);
  });

  it('keeps one stream per liker and thing liked', () => {
    expect(likeStreamId('post', 'p-1', 'u-2')).toBe('like-post-p-1-u-2');
    expect(likeStreamId('comment', 'c-1', 'u-2')).toBe('like-comment-c-1-u-2');
  });
});
