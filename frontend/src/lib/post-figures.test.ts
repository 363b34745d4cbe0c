import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';

import { patchPostFigures } from './post-figures';
import { postsKey } from './post-keys';

const figures = { likesCount: 3, commentsCount: 2, averageRating: '7.0', voteCount: 4 };
const liked = { id: 'p1', ...figures };
const other = { id: 'p2', ...figures };

const BOARD = postsKey('/api/posts', { sort: 'recent', q: '' });
const WEEKLY = postsKey('/api/leaderboard/weekly', { q: '' });
const PAGE = postsKey('/api/posts', 'p1');
const PROFILE = postsKey('/api/users', 'u1');
const HOME = postsKey('/api/home/summary');
const COMMENTS = postsKey('/api/posts', 'p1', 'comments');
const ELSEWHERE = ['/api/boosts/unclaimed'];

let queryClient: QueryClient;

beforeEach(() => {
  queryClient = new QueryClient();
  queryClient.setQueryData(BOARD, {
    pages: [
      { items: [other], next: '/api/posts?cursor=2' },
      { items: [liked], next: null },
    ],
    pageParams: ['/api/posts', '/api/posts?cursor=2'],
  });
  queryClient.setQueryData(WEEKLY, { pages: [{ items: [other], next: null }], pageParams: [''] });
  queryClient.setQueryData(PAGE, { ...liked, userId: 'u1', weeklyRank: 2 });
  // A profile's posts carry their average under another name, and no author.
  queryClient.setQueryData(PROFILE, {
    user: { id: 'u1' },
    posts: [{ id: 'p1', likesCount: 3, commentsCount: 2, overallRating: '7.0', voteCount: 4 }],
  });
  queryClient.setQueryData(HOME, { top: [liked, other], weeklyPostCount: 2, weeklyVoteCount: 8 });
  queryClient.setQueryData(COMMENTS, [{ id: 'c1', postId: 'p1', likesCount: 3, replies: [] }]);
  queryClient.setQueryData(ELSEWHERE, [{ id: 'p1', likesCount: 3 }]);
});

const itemsOf = (key: readonly unknown[]) =>
  queryClient
    .getQueryData<{ pages: { items: (typeof liked)[] }[] }>(key)!
    .pages.flatMap((page) => page.items);

describe('patchPostFigures', () => {
  it('given the post on a board, its page, a profile and the home page, when its likes change, then each shows the new count', () => {
    patchPostFigures(queryClient, 'p1', { likesCount: 4 });

    expect(itemsOf(BOARD).find((post) => post.id === 'p1')?.likesCount).toBe(4);
    expect(queryClient.getQueryData<typeof liked>(PAGE)?.likesCount).toBe(4);
    expect(
      queryClient.getQueryData<{ posts: (typeof liked)[] }>(PROFILE)?.posts[0]?.likesCount,
    ).toBe(4);
    expect(queryClient.getQueryData<{ top: (typeof liked)[] }>(HOME)?.top[0]?.likesCount).toBe(4);
  });

  it('given other posts and other reads, when one post changes, then they are left as they are', () => {
    const weekly = queryClient.getQueryData(WEEKLY);
    const comments = queryClient.getQueryData(COMMENTS);
    const firstPage = queryClient.getQueryData<{ pages: unknown[] }>(BOARD)?.pages[0];

    patchPostFigures(queryClient, 'p1', { likesCount: 4 });

    expect(itemsOf(BOARD).find((post) => post.id === 'p2')?.likesCount).toBe(3);
    expect(queryClient.getQueryData<{ top: (typeof liked)[] }>(HOME)?.top[1]?.likesCount).toBe(3);
    // Untouched reads and pages keep their identity: nothing that shows them renders again.
    expect(queryClient.getQueryData(WEEKLY)).toBe(weekly);
    expect(queryClient.getQueryData(COMMENTS)).toBe(comments);
    expect(queryClient.getQueryData<{ pages: unknown[] }>(BOARD)?.pages[0]).toBe(firstPage);
    // A read that does not show posts is not one of the post reads.
    expect(queryClient.getQueryData(ELSEWHERE)).toEqual([{ id: 'p1', likesCount: 3 }]);
  });

  it('given a change of the count, when applied, then each read changes its own count', () => {
    // The board was read before two comments the page has since seen.
    queryClient.setQueryData(PAGE, { ...liked, commentsCount: 4 });

    patchPostFigures(queryClient, 'p1', { commentsCount: (count) => count + 1 });

    expect(itemsOf(BOARD).find((post) => post.id === 'p1')?.commentsCount).toBe(3);
    expect(queryClient.getQueryData<typeof liked>(PAGE)?.commentsCount).toBe(5);
  });

  it('given a read without a figure, when the figure changes, then the read does not gain it', () => {
    patchPostFigures(queryClient, 'p1', { averageRating: '8.0', voteCount: 5 });

    const profilePost = queryClient.getQueryData<{ posts: Record<string, unknown>[] }>(PROFILE)
      ?.posts[0];
    expect(profilePost).toEqual({
      id: 'p1',
      likesCount: 3,
      commentsCount: 2,
      overallRating: '7.0',
      voteCount: 5,
    });
    expect(queryClient.getQueryData<typeof liked>(PAGE)).toMatchObject({
      averageRating: '8.0',
      voteCount: 5,
      weeklyRank: 2,
    });
  });

  it('given the same figures again, when applied, then no read is written', () => {
    const written: unknown[] = [];
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated') written.push(event.query.queryKey);
    });

    patchPostFigures(queryClient, 'p1', { likesCount: 3 });
    unsubscribe();

    expect(written).toEqual([]);
  });
});
