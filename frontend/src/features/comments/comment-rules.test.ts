import { describe, expect, it } from 'vitest';

import {
  addComment,
  commentToSend,
  countComments,
  findComment,
  removeComment,
  updateComment,
} from './comment-rules';
import type { Comment } from './types';

const comment = (id: string, parentCommentId: string | null = null, replies: Comment[] = []) =>
  ({
    id,
    postId: 'p1',
    userId: 'u1',
    username: 'u',
    displayUsername: null,
    profilePictureUrl: null,
    text: id,
    createdAt: '2026-03-20T12:00:00Z',
    likesCount: 0,
    likedByViewer: false,
    parentCommentId,
    replies,
  }) satisfies Comment;

const tree = [comment('a', null, [comment('a1', 'a'), comment('a2', 'a')]), comment('b')];

describe('commentToSend', () => {
  it('trims, refuses blank text and more than 500 characters', () => {
    expect(commentToSend('  hi  ')).toBe('hi');
    expect(commentToSend(' \n\t ')).toBeNull();
    expect(commentToSend('x'.repeat(500))).toHaveLength(500);
    expect(commentToSend('x'.repeat(501))).toBeNull();
  });
});

describe('comment trees', () => {
  it('adds a thread last and a reply last in its thread', () => {
    expect(addComment(tree, comment('c')).map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(addComment(tree, comment('a3', 'a'))[0]!.replies.map((c) => c.id)).toEqual([
      'a1',
      'a2',
      'a3',
    ]);
  });

  it('removes a thread with its replies, or one reply', () => {
    expect(removeComment(tree, 'a').map((c) => c.id)).toEqual(['b']);
    expect(removeComment(tree, 'a1')[0]!.replies.map((c) => c.id)).toEqual(['a2']);
  });

  it('changes a comment wherever it sits', () => {
    const liked = updateComment(tree, 'a2', (c) => ({ ...c, likesCount: 3 }));
    expect(liked[0]!.replies[1]!.likesCount).toBe(3);
    expect(liked[1]).toBe(tree[1]);
  });

  it('finds a comment wherever it sits, or nothing', () => {
    expect(findComment(tree, 'a2')).toBe(tree[0]!.replies[1]);
    expect(findComment(tree, 'b')).toBe(tree[1]);
    expect(findComment(tree, 'zz')).toBeUndefined();
  });

  it('counts replies too', () => {
    expect(countComments(tree)).toBe(4);
  });
});

describe('commentToSend counts as the server does', () => {
  it('takes 500 emoji (1,000 UTF-16 units) and refuses 501', () => {
    expect(commentToSend('🦶'.repeat(500))).toBe('🦶'.repeat(500));
    expect(commentToSend('🦶'.repeat(501))).toBeNull();
  });
});
