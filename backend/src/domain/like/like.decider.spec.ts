import { deciderSpecification } from '../shared/testing/decider-specification';
import {
  likeDecider,
  type LikeCommand,
  type LikeData,
  type LikeEvent,
  likeStreamId,
} from './like.decider';
import type { Voter } from '../post-rating/vote-standing';

const postLike: LikeData = { target: 'post', targetId: 'p-1', postId: 'p-1', userId: 'u-2' };
const commentLike: LikeData = { target: 'comment', targetId: 'c-1', postId: 'p-1', userId: 'u-2' };

const like = (data: LikeData = postLike): LikeCommand => ({ type: 'Like', data });
const unlike = (data: LikeData = postLike): LikeCommand => ({ type: 'Unlike', data });

const liked = (data: LikeData = postLike): LikeEvent => ({ type: 'Liked', data });
const unliked = (data: LikeData = postLike): LikeEvent => ({ type: 'Unliked', data });

const spec = deciderSpecification(likeDecider);

const voter = (network: string, browser: string): Voter => ({
  registeredAt: '2026-10-01T00:00:00.000Z',
  registrationNetwork: network,
  networks: [network],
  browsers: [browser],
  clusterHeld: false,
});
const AUTHOR = voter('net-author', 'browser-author');

describe('like decider', () => {
  it('likes a post', () => {
    spec.given().when(like()).then([liked()]);
  });

  it('likes a comment, naming the post it belongs to', () => {
    spec
      .given()
      .when(like(commentLike))
      .then([liked(commentLike)]);
  });

  it('records nothing when liking what is liked already', () => {
    spec.given(liked()).when(like()).thenNothing();
  });

  it('unlikes a liked post', () => {
    spec.given(liked()).when(unlike()).then([unliked()]);
  });

  it('records nothing when unliking what was never liked', () => {
    spec.given().when(unlike()).thenNothing();
  });

  it('records nothing when unliking what was unliked already', () => {
    spec.given(liked(), unliked()).when(unlike()).thenNothing();
  });

  it('likes again after an unlike', () => {
    spec.given(liked(), unliked()).when(like()).then([liked()]);
  });

  it('counts a like from an unrelated account', () => {
    spec
      .given()
      .when({ type: 'Like', data: { ...postLike, liker: voter('net-2', 'b-2'), author: AUTHOR } })
      .then([liked()]);
  });

  it('records a like from the author’s network or browser as held out, and its unlike too', () => {
    const sockpuppet = voter('net-author', 'browser-author');
    const heldLike: LikeEvent = {
      type: 'Liked',
      data: { ...postLike, heldOut: ['same-network', 'same-browser'] },
    };
    spec
      .given()
      .when({ type: 'Like', data: { ...postLike, liker: sockpuppet, author: AUTHOR } })
      .then([heldLike]);
    spec
      .given(heldLike)
      .when(unlike())
      .then([
        { type: 'Unliked', data: { ...postLike, heldOut: ['same-network', 'same-browser'] } },
      ]);
  });

  it('counts the author’s own like of their post, from their own network and browser', () => {
    spec
      .given()
      .when({
        type: 'Like',
        data: {
          ...postLike,
          liker: AUTHOR,
          author: AUTHOR,
          from: { network: 'net-author', browser: 'browser-author' },
          authorId: postLike.userId,
        },
      })
      .then([liked()]);
  });

  it('records a like cast from the author’s network or browser by an unrelated account as held out', () => {
    const stranger = voter('net-2', 'b-2');
    const likeFrom = (network: string | null, browser: string | null): LikeCommand => ({
      type: 'Like',
      data: { ...postLike, liker: stranger, author: AUTHOR, from: { network, browser } },
    });
    const held = (reason: 'same-network' | 'same-browser'): LikeEvent => ({
      type: 'Liked',
      data: { ...postLike, heldOut: [reason] },
    });
    spec
      .given()
      .when(likeFrom('net-author', null))
      .then([held('same-network')]);
    spec
      .given()
      .when(likeFrom(null, 'browser-author'))
      .then([held('same-browser')]);
    spec.given().when(likeFrom('net-3', 'b-2')).then([liked()]);
  });

  it('holds out a like from an account in a burst of sign-ups, and counts it once the burst is cleared', () => {
    const inBurst: Voter = { ...voter('net-2', 'b-2'), clusterHeld: true };
    const heldLike: LikeEvent = { type: 'Liked', data: { ...postLike, heldOut: ['cluster'] } };
    const countLike = (likerClusterHeld: boolean): LikeCommand => ({
      type: 'CountLike',
      data: { likerClusterHeld },
    });
    const counted: LikeEvent = {
      type: 'LikeCounted',
      data: { ...postLike, reason: 'cluster-cleared' },
    };
    spec
      .given()
      .when({ type: 'Like', data: { ...postLike, liker: inBurst, author: AUTHOR } })
      .then([heldLike]);
    // Still held: nothing. Cleared: it counts, once; its unlike then takes it out of the count.
    spec.given(heldLike).when(countLike(true)).thenNothing();
    spec.given(heldLike).when(countLike(false)).then([counted]);
    spec.given(heldLike, counted).when(countLike(false)).thenNothing();
    spec.given(heldLike, counted).when(unlike()).then([unliked()]);
    // A like that counts already, was taken back, is set aside with a ban, or is tied to the
    // author is not counted by it.
    spec.given(liked()).when(countLike(false)).thenNothing();
    spec
      .given(heldLike, { type: 'Unliked', data: { ...postLike, heldOut: ['cluster'] } })
      .when(countLike(false))
      .thenNothing();
    spec
      .given({ type: 'LikeSetAside', data: { ...postLike, heldOut: ['cluster'] } })
      .when(countLike(false))
      .thenNothing();
    spec
      .given({ type: 'Liked', data: { ...postLike, heldOut: ['same-network', 'cluster'] } })
      .when(countLike(false))
      .thenNothing();
  });

  it('never holds out a like of a comment', () => {
    const sockpuppet = voter('net-author', 'browser-author');
    spec
      .given()
      .when({ type: 'Like', data: { ...commentLike, liker: sockpuppet, author: AUTHOR } })
      .then([liked(commentLike)]);
  });

  it('keeps one stream per liker and thing liked', () => {
    expect(likeStreamId('post', 'p-1', 'u-2')).toBe('like-post-p-1-u-2');
    expect(likeStreamId('comment', 'c-1', 'u-2')).toBe('like-comment-c-1-u-2');
  });

  it('sets a banned liker’s like aside until the lift, carrying its hold; nothing to set aside when not liked', () => {
    const setAside: LikeCommand = { type: 'SetLikeAside' };
    const restore: LikeCommand = { type: 'RestoreLike' };
    const aside: LikeEvent = { type: 'LikeSetAside', data: postLike };
    spec.given(liked()).when(setAside).then([aside]);
    spec.given(liked(), aside).when(setAside).thenNothing();
    spec.given(liked(), unliked()).when(setAside).thenNothing();
    spec.given().when(setAside).thenNothing();
    // Set aside, it stays until the lift: it cannot be undone, nor liked again.
    spec.given(liked(), aside).when(unlike()).thenNothing();
    spec.given(liked(), aside).when(like()).thenNothing();
    spec
      .given(liked(), aside)
      .when(restore)
      .then([{ type: 'LikeRestored', data: postLike }]);
    spec.given(liked()).when(restore).thenNothing();
    const held: LikeEvent = { type: 'Liked', data: { ...postLike, heldOut: ['same-network'] } };
    spec
      .given(held)
      .when(setAside)
      .then([{ type: 'LikeSetAside', data: { ...postLike, heldOut: ['same-network'] } }]);
    spec
      .given(liked(commentLike))
      .when(setAside)
      .then([{ type: 'LikeSetAside', data: commentLike }]);
  });
});
