import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { unclaimedBoostsQueryOptions } from '@/features/boost/api/unclaimed-boosts';
import { commentsQueryOptions } from '@/features/comments/api/comments';
import { boardQueryOptions, closedWeeksQueryOptions } from '@/features/leaderboard/api/boards';
import { ownPostsQueryOptions } from '@/features/my-posts/api/own-posts';
import { postQueryOptions } from '@/features/post/api/get-post';
import { currentProfileQueryOptions } from '@/features/profile/api/get-current-profile';
import { publicProfileQueryOptions } from '@/features/profile/api/get-public-profile';
import { SESSION_QUERY_KEY } from '@/features/session/api/get-session';
import { homeSummaryQueryOptions } from '@/features/this-week/api/this-week';
import { patchPostFigures } from '@/lib/post-figures';
import { invalidatePostReads, onePostKey } from '@/lib/post-keys';

const showPosts: [string, QueryKey][] = [
  ['the general board', boardQueryOptions({ tab: 'all', sort: 'top', q: '' }).queryKey],
  ['the weekly board', boardQueryOptions({ tab: 'week', sort: 'recent', q: 'x' }).queryKey],
  ['the closed weeks', closedWeeksQueryOptions().queryKey],
  ['a post page', postQueryOptions('p1').queryKey],
  ["a post's comments", commentsQueryOptions('p1').queryKey],
  ['a profile', publicProfileQueryOptions('u1').queryKey],
  ['own posts', ownPostsQueryOptions().queryKey],
  ["the home page's week", homeSummaryQueryOptions().queryKey],
];

const other: [string, QueryKey][] = [
  ['the session', SESSION_QUERY_KEY],
  ['the profile settings', currentProfileQueryOptions().queryKey],
  ['the unused boosts', unclaimedBoostsQueryOptions().queryKey],
];

function cacheWith(keys: [string, QueryKey][]): QueryClient {
  const queryClient = new QueryClient();
  for (const [, key] of keys) queryClient.setQueryData(key, {});
  return queryClient;
}

describe('the reads that show posts, each feature’s keyed under the one root', () => {
  it.each(showPosts)('take in %s', async (_name, key) => {
    const queryClient = cacheWith(showPosts);
    await invalidatePostReads(queryClient, 'none');
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it.each(other)('leave out %s', async (_name, key) => {
    const queryClient = cacheWith(other);
    await invalidatePostReads(queryClient, 'none');
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
  });

  it("name one post's reads for removal", () => {
    const queryClient = cacheWith(showPosts);
    queryClient.removeQueries({ queryKey: onePostKey('p1') });
    expect(queryClient.getQueryData(postQueryOptions('p1').queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(commentsQueryOptions('p1').queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(publicProfileQueryOptions('u1').queryKey)).toBeDefined();
  });

  it.each(cardsAndPages())("carry a post's new figures into %s", (_name, key, data) => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(key, data);

    patchPostFigures(queryClient, 'p1', { likesCount: 2 });

    expect(JSON.stringify(queryClient.getQueryData(key))).toContain('"likesCount":2');
  });
});

/** Each read that shows a post's figures, in its own shape, holding post p1 with one like. */
function cardsAndPages(): [string, QueryKey, unknown][] {
  const post = { id: 'p1', likesCount: 1 };
  const board = { pages: [{ items: [post], next: null }], pageParams: [''] };
  return [
    ['the general board', showPosts[0]![1], board],
    ['the weekly board', showPosts[1]![1], board],
    ['a post page', postQueryOptions('p1').queryKey, post],
    ['a profile', publicProfileQueryOptions('u1').queryKey, { user: { id: 'u1' }, posts: [post] }],
    ['own posts', ownPostsQueryOptions().queryKey, [post]],
    ["the home page's week", homeSummaryQueryOptions().queryKey, { top: [post] }],
  ];
}
